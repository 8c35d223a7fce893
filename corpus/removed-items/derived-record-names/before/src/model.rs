use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    pub fc: Linear<B>,
}

pub fn net<B: Backend>(device: &B::Device) -> Net<B> {
    Net { fc: LinearConfig::new(2, 2).init(device) }
}
