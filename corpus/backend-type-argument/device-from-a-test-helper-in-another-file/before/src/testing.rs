use burn::backend::{Autodiff, Flex};
use burn::tensor::backend::BackendTypes;

pub type TestBackend = Autodiff<Flex>;
pub type TestDevice = <TestBackend as BackendTypes>::Device;

/// The suite's device: 0.21 typed this default by the return type, `TestBackend`'s device.
pub fn test_device() -> TestDevice {
    Default::default()
}

/// A device of the inner backend: not `TestBackend`'s.
pub fn plain_device() -> <Flex as BackendTypes>::Device {
    Default::default()
}
