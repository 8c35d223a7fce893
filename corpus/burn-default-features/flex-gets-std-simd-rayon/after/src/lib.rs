use burn::tensor::Device;

pub fn cpu() -> Device {
    Device::flex()
}
