//! One backend per build: each `imp` defines its own `InferBackend`, and its `device()` returns
//! that backend's default device, typed by the return type.

#[cfg(feature = "gpu")]
mod imp {
    pub type InferBackend = burn::backend::Wgpu;

    pub fn device() -> burn::tensor::Device<InferBackend> {
        Default::default()
    }
}

#[cfg(not(feature = "gpu"))]
mod imp {
    pub type InferBackend = burn::backend::Flex;

    pub fn device() -> burn::tensor::Device<InferBackend> {
        Default::default()
    }

    /// The same device, named by its path.
    pub fn cpu() -> burn::tensor::Device<burn::backend::Flex> {
        burn::backend::flex::FlexDevice
    }
}

pub use imp::*;
