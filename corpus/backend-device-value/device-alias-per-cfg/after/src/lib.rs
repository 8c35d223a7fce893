// One backend per build, chosen by a feature: the device alias has one definition per `#[cfg]`.

#[cfg(feature = "cuda")]
pub type Device = burn::tensor::Device;
#[cfg(feature = "cuda")]
pub fn best_device() -> Device {
    burn::tensor::Device::cuda(0)
}

#[cfg(feature = "vulkan")]
pub type Device = burn::tensor::Device;
#[cfg(feature = "vulkan")]
pub fn best_device() -> Device {
    use burn::tensor::DeviceKind;
    burn::tensor::Device::wgpu(DeviceKind::DefaultDevice)
}

#[cfg(feature = "cpu")]
pub type Device = burn::tensor::Device;
#[cfg(feature = "cpu")]
pub fn best_device() -> Device {
    burn::tensor::Device::flex()
}

/// Built with whichever definition the build has.
pub fn any_device() -> Device {
    Default::default()
}

pub fn any_device_by_name() -> Device {
    Device::default()
}
