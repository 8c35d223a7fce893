use burn::module::ParamId;
use burn::nn::Linear;
use burn::optim::{GradientsParams, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

/// Whether the optimizer holds state for a parameter yet: 0.21's record was a map by `ParamId`.
pub fn has_state(optim: &ModuleOptimizer, id: ParamId) -> bool {
    let records = optim.to_record();
    records.get(&id).is_some()
}

/// One step of any module optimizer: `M` is named by the optimizer's bound only.
pub fn step<M: Module>(optim: &mut ModuleOptimizer, lr: f64, model: M, grads: GradientsParams) -> M {
    optim.step(lr, model, grads)
}

/// Hands the optimizer on (a builder's step): `M` is named by the optimizer's bound only, so it
/// goes with `O` (left, it would constrain nothing: E0282 at every caller).
pub fn keep(optim: ModuleOptimizer) -> ModuleOptimizer {
    optim
}
