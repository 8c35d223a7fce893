pub mod bundle;
pub mod store;

use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}
