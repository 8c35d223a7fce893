use burn::tensor::Device;

#[cfg(feature = "gpu")]
pub mod gpu;

/// The device of the default build.
pub fn device() -> Device {
    Device::flex()
}
