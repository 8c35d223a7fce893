use burn::backend::{Autodiff, Flex};
use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
    dropout: Dropout,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device), dropout: DropoutConfig::new(0.5).init() }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(self.dropout.forward(x))
    }
}

/// Builds a model and runs it forward: generic over any backend.
pub fn predict<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    let net = Net::<B>::new(device);
    net.forward(Tensor::ones([4, 2], device))
}

/// 0.21 ran the prediction on the autodiff backend: graph and Dropout for nothing.
pub fn serve() -> [usize; 2] {
    let device = Default::default();
    predict::<Autodiff<Flex>>(&device).dims()
}

/// Near miss: a callee that takes gradients keeps the autodiff device.
pub fn grad_norm<B: burn::tensor::backend::AutodiffBackend>(device: &B::Device) -> usize {
    let net = Net::<B>::new(device);
    let _grads = net.forward(Tensor::ones([4, 2], device)).sum().backward();
    1
}

pub fn trainer() -> usize {
    let device = Default::default();
    grad_norm::<Autodiff<Flex>>(&device)
}
