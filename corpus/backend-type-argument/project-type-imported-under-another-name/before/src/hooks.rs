use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct PolicyValueModule<B: Backend> {
    pub policy: Linear<B>,
    pub value: Linear<B>,
}

impl<B: Backend> PolicyValueModule<B> {
    pub fn new(width: usize, device: &B::Device) -> Self {
        Self {
            policy: LinearConfig::new(width, 2).init(device),
            value: LinearConfig::new(width, 1).init(device),
        }
    }
}
