use burn::module::Module;
use burn::nn::Linear;
use burn::optim::ModuleOptimizer;

#[derive(Module, Debug)]
pub struct Adapters {
    pub a: Linear,
}

/// The optimizer the trainer runs.
pub type LoraOptimizer = ModuleOptimizer;

pub fn steps(optim: &LoraOptimizer, set: &Adapters) -> usize {
    let _ = (optim, set);
    0
}
