use burn::optim::AdamConfig;
use burn::tensor::Device;

pub fn training_device() -> Device {
    Device::flex().autodiff()
}

pub fn optimizer() -> AdamConfig {
    AdamConfig::new()
}
