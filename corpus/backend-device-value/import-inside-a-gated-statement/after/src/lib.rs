use burn::tensor::Device;
#[cfg(feature = "wgpu")]
pub type Dev = Device;
#[cfg(not(feature = "wgpu"))]
pub type Dev = Device;

/// The CPU override only exists in wgpu builds: what it needs is imported inside it.
pub fn init_device() -> Dev {
    #[cfg(feature = "wgpu")]
    if std::env::var("USE_CPU").is_ok() {
        use burn::tensor::DeviceKind;
        return Device::wgpu(DeviceKind::Cpu);
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
        Kind::Cpu => format!("{:?}", Device::flex()),
        #[cfg(feature = "wgpu")]
        Kind::Gpu => format!("{:?}", burn::tensor::Device::wgpu(burn::tensor::DeviceKind::DefaultDevice)),
        #[cfg(not(feature = "wgpu"))]
        Kind::Gpu => String::new(),
    }
}
