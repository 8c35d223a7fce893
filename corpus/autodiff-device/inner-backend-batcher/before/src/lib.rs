use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// Puts items on a device as tensors.
pub struct ToTensor<B: Backend> {
    device: B::Device,
}

impl<B: Backend> ToTensor<B> {
    pub fn new(device: B::Device) -> Self {
        Self { device }
    }

    pub fn ones(&self) -> Tensor<B, 1> {
        Tensor::ones([2], &self.device)
    }
}

pub fn train<B: AutodiffBackend>(device: B::Device) {
    let train_data = ToTensor::<B>::new(device.clone());
    let valid_data = ToTensor::<B::InnerBackend>::new(device.clone());
    let _loss = train_data.ones().require_grad().sum().backward();
    let _valid = valid_data.ones().sum();
}
