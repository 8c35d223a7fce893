use burn::tensor::Device;
#[cfg(feature = "gpu")]
use burn::tensor::DeviceKind;

/// The device of the default build.
pub fn device() -> Device {
    Device::flex()
}

/// Only with the project's `gpu` feature.
#[cfg(feature = "gpu")]
pub fn gpu_device() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
