use burn::tensor::{Device, DeviceKind};
pub use burn_store::SafetensorsStore;

pub fn gpu() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
