use burn::backend::wgpu::WgpuDevice;
use burn::prelude::*;

/// Matched against its 0.21 variants in a macro: left, with the parameter's type.
pub fn existing(device: &WgpuDevice) -> bool {
    matches!(device, WgpuDevice::Existing(_))
}

/// Matched in a `match`: left, with the parameter's type.
pub fn label(device: &WgpuDevice) -> &'static str {
    match device {
        WgpuDevice::Cpu => "cpu",
        WgpuDevice::DiscreteGpu(_) => "gpu",
        _ => "other",
    }
}

/// Only burn's device: `Device`, as before.
pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([2], device)
}
