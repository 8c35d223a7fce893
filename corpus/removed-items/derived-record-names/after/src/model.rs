use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    pub fc: Linear,
}

pub fn net(device: &Device) -> Net {
    Net { fc: LinearConfig::new(2, 2).init(device) }
}
