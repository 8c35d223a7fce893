use crate::Dev;
use burn::tensor::{Device, DeviceKind};

/// Another file builds devices through the crate's alias.
pub fn second() -> Dev {
    Device::wgpu(DeviceKind::DiscreteGpu(1))
}

pub fn integrated() -> Dev {
    Device::wgpu(DeviceKind::IntegratedGpu(0))
}
