use burn::nn::{Linear, LinearConfig, Relu};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Head {
    linear: Linear,
    activation: Relu,
}

impl Head {
    pub fn new(input: usize, output: usize) -> Self {
        let device = Default::default();
        let config = LinearConfig::new(input, output).with_bias(true);
        let linear: Linear = config.init(&device);
        Self { linear, activation: Relu::new() }
    }

    pub fn chained(input: usize, device: &Device) -> Linear {
        LinearConfig::new(input, 1).with_bias(false).init(device)
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.activation.forward(self.linear.forward(x))
    }
}
