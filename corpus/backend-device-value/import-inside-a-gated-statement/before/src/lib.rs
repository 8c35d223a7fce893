#[cfg(feature = "wgpu")]
pub type Dev = burn::backend::wgpu::WgpuDevice;
#[cfg(not(feature = "wgpu"))]
pub type Dev = burn::backend::flex::FlexDevice;

/// The CPU override only exists in wgpu builds: what it needs is imported inside it.
pub fn init_device() -> Dev {
    #[cfg(feature = "wgpu")]
    if std::env::var("USE_CPU").is_ok() {
        return burn::backend::wgpu::WgpuDevice::Cpu;
    }
    Default::default()
}
