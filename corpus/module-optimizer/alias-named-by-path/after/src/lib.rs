pub mod train;
pub mod other;

use burn::prelude::*;
use burn::nn::{Linear, LinearConfig};

#[derive(Module, Debug)]
pub struct Model {
    pub linear: Linear,
}

pub fn model(device: &Device) -> Model {
    Model { linear: LinearConfig::new(2, 1).init(device) }
}
