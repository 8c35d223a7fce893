use burn::module::AutodiffModule;
use burn::nn::Linear;
use burn::optim::{adaptor::OptimizerAdaptor, Adam, AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// The project's optimizer, typed by the module it steps.
pub fn adam<B: AutodiffBackend, M: AutodiffModule<B>>() -> OptimizerAdaptor<Adam, M, B> {
    AdamConfig::new().init::<B, M>()
}

/// One optimizer step on the sum of the model's outputs.
pub fn step<B: AutodiffBackend>(model: Linear<B>, x: Tensor<B, 2>) -> Linear<B> {
    let mut optim = adam::<B, Linear<B>>();
    let grads = GradientsParams::from_grads(model.forward(x).sum().backward(), &model);
    optim.step(1e-3, model, grads)
}
