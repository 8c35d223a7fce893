use burn::tensor::backend::{AutodiffBackend, Backend};

use crate::prelude::*;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}

/// `optim.step` needed `Optimizer` in scope in 0.21: it comes through the prelude.
pub fn step<B: AutodiffBackend>(net: Net<B>, x: Tensor<B, 2>) -> Net<B> {
    let mut optim = AdamConfig::new().init();
    let grads = GradientsParams::from_grads(net.forward(x).sum().backward(), &net);
    optim.step(1e-3, net, grads)
}
