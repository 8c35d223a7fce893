use burn::nn::Linear;
use burn::optim::{GradientsParams, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

/// One optimizer step, the trait method named by its qualified path.
pub fn step(optim: &mut ModuleOptimizer, lr: f64, model: Net, grads: GradientsParams) -> Net {
    ModuleOptimizer::step(optim, lr, model, grads)
}
