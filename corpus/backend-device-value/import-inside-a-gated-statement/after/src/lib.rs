use burn::tensor::Device;
#[cfg(feature = "wgpu")]
pub type Dev = Device;
#[cfg(not(feature = "wgpu"))]
pub type Dev = Device;

/// The CPU override only exists in wgpu builds: what it needs is imported inside it.
pub fn init_device() -> Dev {
    #[cfg(feature = "wgpu")]
    if std::env::var("USE_CPU").is_ok() {
        use burn::tensor::{Device, DeviceKind};
        return Device::wgpu(DeviceKind::Cpu);
    }
    Default::default()
}
