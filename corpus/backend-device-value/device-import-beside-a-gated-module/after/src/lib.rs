//! Device access: the CPU always, the GPU behind `gpu`.

/// The CPU device.
pub fn cpu_device() -> Device {
    Device::flex()
}

#[cfg(feature = "gpu")]
mod gpu {
    use burn::tensor::{Device, DeviceKind, Tensor};

    /// The GPU device.
    pub fn gpu_device() -> Device {
        Device::wgpu(DeviceKind::DefaultDevice)
    }

    /// Ones on the GPU.
    pub fn ones(device: &Device) -> Tensor<1> {
        Tensor::ones([2], device)
    }
}

#[cfg(feature = "gpu")]
pub use gpu::{gpu_device, ones};
use burn::tensor::Device;
