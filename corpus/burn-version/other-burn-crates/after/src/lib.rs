use burn::tensor::{Device, DeviceKind};
pub use burn::store::SafetensorsStore;

pub fn gpu() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
