pub mod bundle;
pub mod store;

use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}
