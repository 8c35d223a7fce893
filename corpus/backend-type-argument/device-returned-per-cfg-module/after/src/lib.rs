//! One backend per build: each `imp` defines its own `InferBackend`, and its `device()` returns
//! that backend's default device, typed by the return type.

#[cfg(feature = "gpu")]
mod imp {
    use burn::tensor::{Device, DeviceKind};

    pub fn device() -> burn::tensor::Device {
        Device::wgpu(DeviceKind::DefaultDevice)
    }
}

#[cfg(not(feature = "gpu"))]
mod imp {
    use burn::tensor::Device;

    pub fn device() -> burn::tensor::Device {
        Device::flex()
    }

    /// The same device, named by its path.
    pub fn cpu() -> burn::tensor::Device {
        Device::flex()
    }
}

pub use imp::*;
