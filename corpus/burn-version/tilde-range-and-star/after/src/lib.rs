use burn::prelude::*;

/// Already 0.22 code: only the requirements change.
pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([3], device)
}
