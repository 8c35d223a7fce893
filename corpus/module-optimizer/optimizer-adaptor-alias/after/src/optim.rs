use burn::module::Module;
use burn::optim::{AdamWConfig, ModuleOptimizer};

/// A pair of AdamW optimizers for one module `M`.
pub type AdamWOpt = ModuleOptimizer;

pub fn init_pair<M>() -> (AdamWOpt, AdamWOpt)
where
    M: Module,
{
    (AdamWConfig::new().init(), AdamWConfig::new().with_weight_decay(0.0).init())
}
