use burn::module::Module;
use burn::optim::{GradientsParams, ModuleOptimizer};

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
pub fn update<M: Module>(
    optim: &mut ModuleOptimizer,
    lr: f32,
    model: M,
    grads: GradientsParams,
) -> M {
    optim.step(Into::<f64>::into(lr), model, grads)
}
