use burn::tensor::backend::BackendTypes;

/// One backend per build.
#[cfg(feature = "gpu")]
pub type B = burn::backend::Wgpu;
#[cfg(not(feature = "gpu"))]
pub type B = burn::backend::Flex;

/// Its device, through the backend's associated type.
pub type Dev = <B as BackendTypes>::Device;

pub fn device() -> Dev {
    Default::default()
}

pub fn device_by_name() -> Dev {
    Dev::default()
}
