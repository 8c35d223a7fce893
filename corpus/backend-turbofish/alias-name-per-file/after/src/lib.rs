use burn::prelude::*;

pub mod train;

/// Generic over the backend; each caller chooses one with its own `B`.
pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([3], device)
}
