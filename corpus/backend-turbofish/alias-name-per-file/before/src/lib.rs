use burn::prelude::*;

pub mod train;

/// Generic over the backend; each caller chooses one with its own `B`.
pub fn ones<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::ones([3], device)
}
