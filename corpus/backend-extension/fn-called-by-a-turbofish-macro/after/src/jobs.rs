use burn::prelude::*;
use burn::backend::Backend;

/// Called by `on_cpu!` with a turbofish: its `B` stays.
pub fn mean_of_ones<B: Backend>(device: &B::Device) -> f32 {
    Tensor::<B, 1>::ones([4], device).mean().into_scalar()
}

/// Not called through the macro: erased.
pub fn twos(device: &Device) -> Tensor<1> {
    Tensor::ones([2], device).mul_scalar(2.0)
}
