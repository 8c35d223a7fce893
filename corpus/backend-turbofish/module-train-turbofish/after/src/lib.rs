use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    pub fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

/// A fresh model on the training backend.
pub fn fresh() -> Net {
    let device = Default::default();
    Net::new(&device).train()
}

/// Move a loaded model onto the training backend.
pub fn to_train(model: Net) -> Net {
    model.train()
}
