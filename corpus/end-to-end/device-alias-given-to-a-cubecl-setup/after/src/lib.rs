//! The project's name for its GPU device, whose values go to CubeCL's runtime set-up.
use burn::backend::wgpu::{graphics::AutoGraphicsApi, init_setup, RuntimeOptions, WgpuDevice};
use burn::tensor::Device;

pub type GpuDevice = WgpuDevice;

/// The default GPU.
pub fn gpu() -> GpuDevice {
    WgpuDevice::default()
}

/// The adapter the runtime picks for that device.
pub fn adapter_name(device: &GpuDevice) -> String {
    init_setup::<AutoGraphicsApi>(device, RuntimeOptions::default()).adapter.get_info().name
}

/// A tensor of ones on a backend's device (what makes this crate a 0.21 one).
pub fn ones(device: &Device) -> burn::tensor::Tensor<1> {
    burn::tensor::Tensor::ones([2], device)
}
