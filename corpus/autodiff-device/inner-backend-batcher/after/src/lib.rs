use burn::prelude::*;

/// Puts items on a device as tensors.
pub struct ToTensor {
    device: Device,
}

impl ToTensor {
    pub fn new(device: Device) -> Self {
        Self { device }
    }

    pub fn ones(&self) -> Tensor<1> {
        Tensor::ones([2], &self.device)
    }
}

pub fn train(device: Device) {
    let device = device.autodiff();
    let train_data = ToTensor::new(device.clone());
    let valid_data = ToTensor::new(device.clone().inner());
    let _loss = train_data.ones().require_grad().sum().backward();
    let _valid = valid_data.ones().sum();
}
