use burn::nn::{Linear, LinearConfig, Relu};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    linear: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Head<B> {
    pub fn new(input: usize, output: usize) -> Self {
        let device = Default::default();
        let config = LinearConfig::new(input, output).with_bias(true);
        let linear: Linear<B> = config.init::<B>(&device);
        Self { linear, activation: Relu::new() }
    }

    pub fn chained(input: usize, device: &B::Device) -> Linear<B> {
        LinearConfig::new(input, 1).with_bias(false).init::<B>(device)
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.activation.forward(self.linear.forward(x))
    }
}
