use burn::module::AutodiffModule;
use burn::optim::{GradientsParams, LearningRate, MultiGradientsParams, Optimizer};
use burn::tensor::backend::AutodiffBackend;

/// Counts the steps of the optimizer it wraps (the module-optimizer trait, implemented by hand).
#[derive(Clone)]
pub struct Counting<O> {
    pub inner: O,
    pub steps: usize,
}

impl<M, B, O> Optimizer<M, B> for Counting<O>
where
    M: AutodiffModule<B>,
    B: AutodiffBackend,
    O: Optimizer<M, B>,
{
    type Record = O::Record;

    fn step(&mut self, lr: LearningRate, module: M, grads: GradientsParams) -> M {
        self.steps += 1;
        self.inner.step(lr, module, grads)
    }

    fn step_multi(&mut self, lr: LearningRate, module: M, grads: MultiGradientsParams) -> M {
        self.steps += 1;
        self.inner.step_multi(lr, module, grads)
    }

    fn to_record(&self) -> Self::Record {
        self.inner.to_record()
    }

    fn load_record(self, record: Self::Record) -> Self {
        Counting { inner: self.inner.load_record(record), steps: self.steps }
    }
}
