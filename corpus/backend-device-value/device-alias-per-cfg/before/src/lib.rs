// One backend per build, chosen by a feature: the device alias has one definition per `#[cfg]`.

#[cfg(feature = "cuda")]
pub type Device = burn::backend::cuda::CudaDevice;
#[cfg(feature = "cuda")]
pub fn best_device() -> Device {
    Device::new(0)
}

#[cfg(feature = "vulkan")]
pub type Device = burn::backend::wgpu::WgpuDevice;
#[cfg(feature = "vulkan")]
pub fn best_device() -> Device {
    Device::default()
}

#[cfg(feature = "cpu")]
pub type Device = burn::backend::flex::FlexDevice;
#[cfg(feature = "cpu")]
pub fn best_device() -> Device {
    Device::default()
}

/// Built with whichever definition the build has.
pub fn any_device() -> Device {
    Default::default()
}

pub fn any_device_by_name() -> Device {
    Device::default()
}
