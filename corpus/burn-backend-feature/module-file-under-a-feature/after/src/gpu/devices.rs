use burn::tensor::{Device, DeviceKind};

pub fn gpu_device() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
