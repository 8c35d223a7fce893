use burn::module::AutodiffModule;
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    pub fc: Linear<B>,
}

pub fn net<B: Backend>(device: &B::Device) -> Net<B> {
    Net { fc: LinearConfig::new(2, 2).init(device) }
}

/// One optimizer step; `init::<B, Net<B>>()` names both the backend and the module.
pub fn step<B: AutodiffBackend>(model: Net<B>, x: Tensor<B, 2>) -> Net<B>
where
    Net<B>: AutodiffModule<B>,
{
    let mut optim = AdamConfig::new().init::<B, Net<B>>();
    let loss = model.fc.forward(x).sum();
    let grads = burn::optim::GradientsParams::from_grads(loss.backward(), &model);
    optim.step(1e-3, model, grads)
}
