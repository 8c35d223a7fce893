use burn::tensor::{Device, DeviceKind};

/// The devices this program can run on.
pub struct Devices {
    pub gpu: Device,
    pub second_gpu: Device,
    pub cpu: Device,
}

pub fn devices() -> Devices {
    Devices {
        gpu: Device::wgpu(DeviceKind::DefaultDevice),
        second_gpu: Device::wgpu(DeviceKind::DiscreteGpu(1)),
        cpu: Device::flex(),
    }
}
