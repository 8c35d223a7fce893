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

pub enum Kind {
    Cpu,
    Gpu,
}

/// A gated match arm has no block for a `use`: its names are written with their path.
pub fn describe(kind: Kind) -> String {
    match kind {
        Kind::Cpu => format!("{:?}", burn::backend::flex::FlexDevice::default()),
        #[cfg(feature = "wgpu")]
        Kind::Gpu => format!("{:?}", burn::backend::wgpu::WgpuDevice::DefaultDevice),
        #[cfg(not(feature = "wgpu"))]
        Kind::Gpu => String::new(),
    }
}
