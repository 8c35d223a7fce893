//! The project's name for its GPU device, whose values go to CubeCL's runtime set-up.
use burn::backend::wgpu::{graphics::AutoGraphicsApi, init_setup, RuntimeOptions, WgpuDevice};

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
pub fn ones<B: burn::tensor::backend::Backend>(device: &B::Device) -> burn::tensor::Tensor<B, 1> {
    burn::tensor::Tensor::ones([2], device)
}
