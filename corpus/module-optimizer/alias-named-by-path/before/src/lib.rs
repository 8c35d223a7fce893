pub mod train;
pub mod other;

use burn::prelude::*;
use burn::nn::{Linear, LinearConfig};

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    pub linear: Linear<B>,
}

pub fn model<B: Backend>(device: &B::Device) -> Model<B> {
    Model { linear: LinearConfig::new(2, 1).init(device) }
}
