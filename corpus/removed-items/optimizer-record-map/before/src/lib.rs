use burn::module::{AutodiffModule, ParamId};
use burn::nn::Linear;
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

/// Whether the optimizer holds state for a parameter yet: 0.21's record was a map by `ParamId`.
pub fn has_state<B: AutodiffBackend>(optim: &OptimizerAdaptor<Adam, Net<B>, B>, id: ParamId) -> bool {
    let records = optim.to_record();
    records.get(&id).is_some()
}

/// One step of any module optimizer: `M` is named by the optimizer's bound only.
pub fn step<B: AutodiffBackend, M: AutodiffModule<B>, O: Optimizer<M, B>>(optim: &mut O, lr: f64, model: M, grads: GradientsParams) -> M {
    optim.step(lr, model, grads)
}

/// Hands the optimizer on (a builder's step): `M` is named by the optimizer's bound only, so it
/// goes with `O` (left, it would constrain nothing: E0282 at every caller).
pub fn keep<B: AutodiffBackend, M: AutodiffModule<B>, O: Optimizer<M, B>>(optim: O) -> O {
    optim
}
