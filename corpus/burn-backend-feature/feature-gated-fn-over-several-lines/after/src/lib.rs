use burn::tensor::Device;
#[cfg(feature = "gpu")]
use burn::tensor::DeviceKind;

/// The device of the default build.
pub fn device() -> Device {
    Device::flex()
}

/// Only with the project's `gpu` feature; its parameters take several lines.
#[cfg(feature = "gpu")]
pub fn gpu_device(
    ordinal: usize,
    name: &str,
) -> (Device, usize) {
    let _ = name;
    (Device::wgpu(DeviceKind::DefaultDevice), ordinal)
}
