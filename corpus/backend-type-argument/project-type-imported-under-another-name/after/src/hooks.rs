use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct PolicyValueModule {
    pub policy: Linear,
    pub value: Linear,
}

impl PolicyValueModule {
    pub fn new(width: usize, device: &Device) -> Self {
        Self {
            policy: LinearConfig::new(width, 2).init(device),
            value: LinearConfig::new(width, 1).init(device),
        }
    }
}
