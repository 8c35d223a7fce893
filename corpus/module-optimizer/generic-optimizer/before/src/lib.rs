use std::marker::PhantomData;

use burn::module::AutodiffModule;
use burn::nn::{Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

/// A learner generic over its optimizer: the struct keeps `O`, its impl names the type.
pub struct Trainer<B: AutodiffBackend, O> {
    model: Net<B>,
    optim: O,
}

impl<B, O> Trainer<B, O>
where
    B: AutodiffBackend,
    O: Optimizer<Net<B>, B>,
{
    pub fn step(mut self, x: Tensor<B, 2>) -> Self {
        let loss = self.model.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &self.model);
        self.model = self.optim.step(1e-3, self.model, grads);
        self
    }
}

/// A fn generic over the module and its optimizer.
pub fn fit<B: AutodiffBackend, M: AutodiffModule<B>, O: Optimizer<M, B>>(model: M, optim: &mut O, grads: GradientsParams) -> M {
    optim.step(1e-2, model, grads)
}

/// The adaptor named as a type.
pub struct Holder<B: AutodiffBackend> {
    pub optim: OptimizerAdaptor<Adam, Net<B>, B>,
    _b: PhantomData<B>,
}

pub fn make<B: AutodiffBackend>(device: &B::Device) -> Trainer<B, OptimizerAdaptor<Adam, Net<B>, B>> {
    Trainer { model: Net { fc: LinearConfig::new(2, 1).init(device) }, optim: AdamConfig::new().init() }
}
