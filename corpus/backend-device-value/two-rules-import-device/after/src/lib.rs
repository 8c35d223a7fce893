use burn::tensor::{Device, DeviceKind};

pub type ModelDevice = Device;

pub fn init_device(cpu: bool) -> ModelDevice {
    if cpu {
        return Device::wgpu(DeviceKind::Cpu);
    }
    Device::wgpu(DeviceKind::DefaultDevice)
}

pub fn seed(device: &ModelDevice) {
    device.seed(7);
}
