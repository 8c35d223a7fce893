use burn::backend::{Autodiff, Flex};
use burn::tensor::backend::BackendTypes;

/// The CPU backend this crate trains on.
pub type DefaultBackend = Flex;

/// Training adds backpropagation.
pub type DefaultAutodiffBackend = Autodiff<DefaultBackend>;

/// The device of the training backend.
pub type Device = <DefaultAutodiffBackend as BackendTypes>::Device;

/// The training backend's device again, written out.
pub type InferDevice = <Autodiff<Flex> as BackendTypes>::Device;

pub fn default_device() -> Device {
    Device::default()
}

pub fn returned_device() -> Device {
    Default::default()
}

pub fn typed_device() -> Device {
    let device: Device = Default::default();
    device
}

/// The plain backend's device, for inference.
pub type PlainDevice = <Flex as BackendTypes>::Device;

pub fn plain_device() -> PlainDevice {
    Default::default()
}
