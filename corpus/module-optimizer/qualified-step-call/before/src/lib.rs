use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

/// One optimizer step, the trait method named by its qualified path.
pub fn step<B: AutodiffBackend, O: Optimizer<Net<B>, B>>(optim: &mut O, lr: f64, model: Net<B>, grads: GradientsParams) -> Net<B> {
    <O as Optimizer<Net<B>, B>>::step(optim, lr, model, grads)
}
