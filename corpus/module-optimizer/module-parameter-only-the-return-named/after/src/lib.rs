use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamWConfig, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    pub fc: Linear,
}

pub struct Cfg;

impl Cfg {
    /// `M` is named by the returned optimizer only.
    pub fn init_optimizer<M: Module>(&self) -> ModuleOptimizer {
        AdamWConfig::new().init()
    }

    /// `M` is named by an argument too.
    pub fn init_for<M: Module>(&self, _model: &M) -> ModuleOptimizer {
        AdamWConfig::new().init()
    }
}

pub fn build() {
    let device = Device::flex().autodiff();
    let net = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let _first = Cfg.init_optimizer::<Net>();
    let _second = Cfg.init_for(&net);
}
