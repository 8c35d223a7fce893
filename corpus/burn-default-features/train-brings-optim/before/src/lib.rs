use burn::optim::AdamConfig;
use burn::tensor::backend::AutodiffBackend;

pub fn start_training<B: AutodiffBackend>(device: B::Device) {
    B::seed(&device, 42);
}

pub fn optimizer() -> AdamConfig {
    AdamConfig::new()
}
