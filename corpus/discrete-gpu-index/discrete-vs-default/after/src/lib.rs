use burn::tensor::{Device, DeviceKind};

/// The first discrete GPU: a Mac has none (the finding).
pub fn gpu() -> Device {
    Device::wgpu(DeviceKind::DiscreteGpu(0))
}

/// Near miss: the default adapter.
pub fn any_gpu() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
