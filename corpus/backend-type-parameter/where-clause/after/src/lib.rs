use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

// burn 0.21's derive(Module) cannot read a where clause on the struct itself (it panics): the
// bound is inline there, the impl keeps its where clause
#[derive(Module, Debug)]
pub struct Encoder {
    proj: Linear,
}

impl Encoder {
    pub fn new(device: &Device) -> Self {
        Self { proj: LinearConfig::new(8, 4).init(device) }
    }

    pub fn encode(&self, x: Tensor<2>) -> Tensor<2> {
        self.proj.forward(x)
    }
}
