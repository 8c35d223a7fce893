use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
    dropout: Dropout,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device), dropout: DropoutConfig::new(0.5).init() }
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(self.dropout.forward(x))
    }
}

/// Builds a model and runs it forward: generic over any backend.
pub fn predict(device: &Device) -> Tensor<2> {
    let net = Net::new(device);
    net.forward(Tensor::ones([4, 2], device))
}

/// 0.21 ran the prediction on the autodiff backend: graph and Dropout for nothing.
pub fn serve() -> [usize; 2] {
    let device = Device::flex();
    predict(&device).dims()
}

/// Near miss: a callee that takes gradients keeps the autodiff device.
pub fn grad_norm(device: &Device) -> usize {
    let device = &device.clone().autodiff();
    let net = Net::new(device);
    let _grads = net.forward(Tensor::ones([4, 2], device)).sum().backward();
    1
}

pub fn trainer() -> usize {
    let device = Device::flex();
    grad_norm(&device.autodiff())
}
