pub enum Kind {
    Gpu,
    Cuda,
}

/// The GPU build; CUDA only where the crate's own `cuda` feature is on too.
#[cfg(feature = "wgpu")]
pub fn describe(kind: Kind) -> String {
    use burn::tensor::{Device, DeviceKind};
    match kind {
        #[cfg(feature = "cuda")]
        Kind::Cuda => {
            let device = Device::cuda(0);
            format!("{device:?}")
        }
        _ => format!("{:?}", Device::wgpu(DeviceKind::DefaultDevice)),
    }
}
