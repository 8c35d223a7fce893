use crate::InferenceDevice;
use burn::tensor::Device;

pub fn serving_device() -> InferenceDevice {
    Device::flex()
}
