//! Device access: the CPU always, the GPU behind `gpu`.

use burn::backend::flex::FlexDevice;

/// The CPU device.
pub fn cpu_device() -> FlexDevice {
    FlexDevice::default()
}

#[cfg(feature = "gpu")]
mod gpu {
    use burn::backend::wgpu::WgpuDevice;
    use burn::tensor::Tensor;

    /// The GPU device.
    pub fn gpu_device() -> WgpuDevice {
        WgpuDevice::default()
    }

    /// Ones on the GPU.
    pub fn ones(device: &WgpuDevice) -> Tensor<burn::backend::Wgpu, 1> {
        Tensor::ones([2], device)
    }
}

#[cfg(feature = "gpu")]
pub use gpu::{gpu_device, ones};
