use burn::backend::{Autodiff, Flex};
use burn::module::AutodiffModule;
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamWConfig, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    pub fc: Linear<B>,
}

pub struct Cfg;

impl Cfg {
    /// `M` is named by the returned optimizer only.
    pub fn init_optimizer<B: AutodiffBackend, M: AutodiffModule<B>>(&self) -> impl Optimizer<M, B> {
        AdamWConfig::new().init::<B, M>()
    }

    /// `M` is named by an argument too.
    pub fn init_for<B: AutodiffBackend, M: AutodiffModule<B>>(&self, _model: &M) -> impl Optimizer<M, B> {
        AdamWConfig::new().init::<B, M>()
    }
}

pub fn build() {
    type Train = Autodiff<Flex>;
    let device = Default::default();
    let net = Net::<Train> { fc: LinearConfig::new(2, 2).init(&device) };
    let _first = Cfg.init_optimizer::<Train, Net<Train>>();
    let _second = Cfg.init_for(&net);
}
