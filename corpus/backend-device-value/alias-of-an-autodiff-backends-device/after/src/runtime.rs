/// The device of the training backend.
pub type Device = burn::tensor::Device;

/// The training backend's device again, written out.
pub type InferDevice = burn::tensor::Device;

pub fn default_device() -> Device {
    burn::tensor::Device::flex().autodiff()
}

pub fn returned_device() -> Device {
    burn::tensor::Device::flex().autodiff()
}

pub fn typed_device() -> Device {
    let device: Device = burn::tensor::Device::flex().autodiff();
    device
}

/// The plain backend's device, for inference.
pub type PlainDevice = burn::tensor::Device;

pub fn plain_device() -> PlainDevice {
    burn::tensor::Device::flex()
}
