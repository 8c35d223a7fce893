pub enum Kind {
    Gpu,
    Cuda,
}

/// The GPU build; CUDA only where the crate's own `cuda` feature is on too.
#[cfg(feature = "wgpu")]
pub fn describe(kind: Kind) -> String {
    match kind {
        #[cfg(feature = "cuda")]
        Kind::Cuda => {
            let device = burn::backend::cuda::CudaDevice::new(0);
            format!("{device:?}")
        }
        _ => format!("{:?}", burn::backend::wgpu::WgpuDevice::DefaultDevice),
    }
}
