use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

pub type Opt<B> = OptimizerAdaptor<Adam, Net<B>, B>;

pub struct Trainer<B: AutodiffBackend> {
    pub model: Net<B>,
    pub optim: Opt<B>,
}

impl<B: AutodiffBackend> Trainer<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { model: Net { fc: LinearConfig::new(2, 2).init(device) }, optim: AdamConfig::new().init() }
    }

    /// The records named through their traits: 0.22.1's `Module` and `Optimizer` have no
    /// `Record` (E0576), and the impl's `B` would be left in the optimizer's path (E0425).
    pub fn restore(
        mut self,
        model: <Net<B> as Module<B>>::Record,
        optim: <Opt<B> as Optimizer<Net<B>, B>>::Record,
    ) -> Self {
        self.model = self.model.load_record(model);
        self.optim = self.optim.load_record(optim);
        self
    }
}

/// A bound on the record: a type-level use, no file is read (safe).
pub fn ready<B: AutodiffBackend>(trainer: Trainer<B>) -> Trainer<B>
where
    <Net<B> as Module<B>>::Record: Send,
{
    trainer
}
