use burn::backend::flex::FlexDevice;

pub mod serve;

/// The device inference runs on.
pub type InferenceDevice = FlexDevice;

pub fn device() -> InferenceDevice {
    InferenceDevice::default()
}
