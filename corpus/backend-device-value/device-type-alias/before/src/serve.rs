use crate::InferenceDevice;

pub fn serving_device() -> InferenceDevice {
    InferenceDevice::default()
}
