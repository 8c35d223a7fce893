use burn::prelude::*;

/// Called by `on_cpu!` with a turbofish: its `B` stays.
pub fn mean_of_ones<B: Backend>(device: &B::Device) -> f32 {
    Tensor::<B, 1>::ones([4], device).mean().into_scalar().elem()
}

/// Not called through the macro: erased.
pub fn twos<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::ones([2], device).mul_scalar(2.0)
}
