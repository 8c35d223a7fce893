use burn::tensor::{Device, DeviceKind};

/// The project's device types, under its own names (`Cpu` is also a burn backend's name).
pub type Gpu = Device;
type Cpu = Device;

pub fn gpu() -> Gpu {
    Device::wgpu(DeviceKind::DefaultDevice)
}

pub fn cpu() -> Cpu {
    Device::ndarray()
}
