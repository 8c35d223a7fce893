mod batch;

use burn::prelude::*;

pub use batch::Batch;

pub fn dummy<B: Backend>(device: &B::Device) -> Batch<B> {
    let inputs = Tensor::zeros([2, 3], device);
    let targets = Tensor::zeros([2], device);
    Batch::<B>::new(inputs, targets)
}

pub fn sizes<B: Backend>(batches: &[Batch<B>]) -> Vec<usize> {
    batches.iter().map(|b| b.inputs.dims()[0]).collect()
}
