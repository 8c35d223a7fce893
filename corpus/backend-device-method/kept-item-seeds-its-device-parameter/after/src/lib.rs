use burn::prelude::*;
use burn::backend::AutodiffBackend;

/// A training job over an autodiff backend.
pub trait Train {
    fn train(&self, device: Device) -> usize;
}

pub struct Job;

impl<B: AutodiffBackend> Train for Job {
    fn train(&self, device: Device) -> usize
    where
        B: AutodiffBackend,
    {
        device.seed(7);
        Tensor::<1>::ones([2], &device).dims()[0]
    }
}
