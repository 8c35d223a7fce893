use burn::tensor::Device;
#[cfg(feature = "gpu")]
use burn::tensor::DeviceKind;

/// The device of the default build.
pub fn device() -> Device {
    Device::flex()
}

/// Only with the project's `gpu` feature, which the manifest does not declare yet.
#[cfg(feature = "gpu")]
pub fn gpus() -> Vec<Device> {
    vec![Device::wgpu(DeviceKind::DefaultDevice), Device::cuda(0)]
}
