use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// A training job over an autodiff backend.
pub trait Train<B: AutodiffBackend> {
    fn train(&self, device: B::Device) -> usize;
}

pub struct Job;

impl<B: AutodiffBackend> Train<B> for Job {
    fn train(&self, device: B::Device) -> usize
    where
        B: AutodiffBackend,
    {
        B::seed(&device, 7);
        Tensor::<B, 1>::ones([2], &device).dims()[0]
    }
}
