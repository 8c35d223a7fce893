use burn::tensor::Device;

pub type TestDevice = Device;

/// The suite's device: 0.21 typed this default by the return type, `TestBackend`'s device.
pub fn test_device() -> TestDevice {
    Device::flex().autodiff()
}

/// A device of the inner backend: not `TestBackend`'s.
pub fn plain_device() -> Device {
    Device::flex()
}
