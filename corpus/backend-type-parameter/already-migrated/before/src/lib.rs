use burn::nn::{Linear, LinearConfig, Relu};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Head {
    fc: Linear,
    act: Relu,
}

impl Head {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(16, 3).init(device), act: Relu::new() }
    }

    pub fn forward<const D: usize>(&self, x: Tensor<D>) -> Tensor<D> {
        self.act.forward(self.fc.forward(x))
    }

    pub fn logits(&self, x: Tensor<2>) -> Tensor<2, Int> {
        self.forward(x).argmax(1)
    }
}
