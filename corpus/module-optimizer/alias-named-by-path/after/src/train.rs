use burn::optim::{AdamConfig, ModuleOptimizer};
use crate::Model;

pub type Opt = ModuleOptimizer;
pub type Opt2 = ModuleOptimizer;

pub fn make(_model: &Model) -> Opt {
    AdamConfig::new().init()
}

pub mod inner {
    use burn::optim::ModuleOptimizer;
    pub fn again() -> crate::train::Opt {
        burn::optim::AdamConfig::new().init()
    }

    pub fn adaptor() -> ModuleOptimizer {
        burn::optim::AdamConfig::new().init()
    }
}
