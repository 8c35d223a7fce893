use burn::tensor::Device;

pub fn device() -> Device {
    Device::flex()
}
