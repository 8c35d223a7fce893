use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

/// A learner generic over its optimizer: the struct keeps `O`, its impl names the type.
pub struct Trainer<O> {
    model: Net,
    optim: O,
}

impl Trainer<ModuleOptimizer> {
    pub fn step(mut self, x: Tensor<2>) -> Self {
        let loss = self.model.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &self.model);
        self.model = self.optim.step(1e-3, self.model, grads);
        self
    }
}

/// A fn generic over the module and its optimizer.
pub fn fit<M: Module>(model: M, optim: &mut ModuleOptimizer, grads: GradientsParams) -> M {
    optim.step(1e-2, model, grads)
}

/// The adaptor named as a type.
pub struct Holder {
    pub optim: ModuleOptimizer,
}

pub fn make(device: &Device) -> Trainer<ModuleOptimizer> {
    let device = &device.clone().autodiff();
    Trainer { model: Net { fc: LinearConfig::new(2, 1).init(device) }, optim: AdamConfig::new().init() }
}
