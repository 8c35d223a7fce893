use burn::nn::Linear;
use burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use burn::prelude::*;

/// The project's optimizer, typed by the module it steps.
pub fn adam<M: Module>() -> ModuleOptimizer {
    AdamConfig::new().init()
}

/// One optimizer step on the sum of the model's outputs.
pub fn step(model: Linear, x: Tensor<2>) -> Linear {
    let mut optim = adam::<Linear>();
    let grads = GradientsParams::from_grads(model.forward(x).sum().backward(), &model);
    optim.step(1e-3, model, grads)
}
