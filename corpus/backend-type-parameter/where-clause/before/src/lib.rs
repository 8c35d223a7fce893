use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Encoder<B>
where
    B: Backend,
{
    proj: Linear<B>,
}

impl<B> Encoder<B>
where
    B: Backend,
{
    pub fn new(device: &B::Device) -> Self {
        Self { proj: LinearConfig::new(8, 4).init(device) }
    }

    pub fn encode(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.proj.forward(x)
    }
}
