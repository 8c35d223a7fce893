use burn::optim::AdamConfig;
use burn::tensor::Device;

pub fn start_training(device: Device) {
    let device = device.autodiff();
    device.seed(42);
}

pub fn optimizer() -> AdamConfig {
    AdamConfig::new()
}
