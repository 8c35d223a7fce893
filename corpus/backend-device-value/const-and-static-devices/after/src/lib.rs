use burn::backend::flex::FlexDevice;
use burn::backend::wgpu::WgpuDevice;
use burn::tensor::{Device, DeviceKind};

pub const CPU: FlexDevice = FlexDevice;
pub static GPU: WgpuDevice = WgpuDevice::DefaultDevice;

pub fn gpu() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
