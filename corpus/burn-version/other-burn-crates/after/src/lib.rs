pub use burn_store::SafetensorsStore;
use burn::tensor::{Device, DeviceKind};

pub fn gpu() -> Device {
    Device::wgpu(DeviceKind::DefaultDevice)
}
