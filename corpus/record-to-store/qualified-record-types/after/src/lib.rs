use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

pub type Opt = ModuleOptimizer;

pub struct Trainer {
    pub model: Net,
    pub optim: Opt,
}

impl Trainer {
    pub fn new(device: &Device) -> Self {
        Self { model: Net { fc: LinearConfig::new(2, 2).init(device) }, optim: AdamConfig::new().init() }
    }

    /// The records named through their traits: 0.22.1's `Module` and `Optimizer` have no
    /// `Record` (E0576), and the impl's `B` would be left in the optimizer's path (E0425).
    pub fn restore(
        mut self,
        model: burn::store::ModuleRecord,
        optim: burn::optim::OptimizerRecord,
    ) -> Self {
        self.model = self.model.load_record(model);
        self.optim = self.optim.load_record(optim);
        self
    }
}

/// A bound on the record: a type-level use, no file is read (safe).
pub fn ready(trainer: Trainer) -> Trainer
where
    burn::store::ModuleRecord: Send,
{
    trainer
}
