use burn::lr_scheduler::LrScheduler;
use burn::optim::GradientsParams;
use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::Tensor;

#[derive(Clone)]
pub struct Constant {
    lr: f64,
}

impl LrScheduler for Constant {
    type Record<B: Backend> = usize;

    fn step(&mut self) -> f64 {
        self.lr
    }

    fn to_record<B: Backend>(&self) -> Self::Record<B> {
        0
    }

    fn load_record<B: Backend>(self, _record: Self::Record<B>) -> Self {
        self
    }
}

/// burn-optim's `GradientsParams::get<B, const D>` (0.22.1: `get<const D>`) loses its backend.
pub fn grad_of<B: AutodiffBackend>(grads: &GradientsParams, id: burn::module::ParamId) -> Option<Tensor<B::InnerBackend, 2>> {
    grads.get::<B::InnerBackend, 2>(id)
}
