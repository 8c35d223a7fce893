use burn::module::AutodiffModule;
use burn::optim::{GradientsParams, Optimizer};
use burn::tensor::backend::AutodiffBackend;

/// The project has a `step` of its own: `sim.step()`.
pub struct Sim {
    pub ticks: usize,
}

impl Sim {
    pub fn step(&mut self) {
        self.ticks += 1;
    }
}

/// One optimizer step at a rate kept in single precision.
pub fn update<B: AutodiffBackend, M: AutodiffModule<B>, O: Optimizer<M, B>>(
    optim: &mut O,
    lr: f32,
    model: M,
    grads: GradientsParams,
) -> M {
    optim.step(lr.into(), model, grads)
}
