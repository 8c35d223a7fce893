use burn::tensor::Device;

pub mod serve;

/// The device inference runs on.
pub type InferenceDevice = Device;

pub fn device() -> InferenceDevice {
    Device::flex()
}
