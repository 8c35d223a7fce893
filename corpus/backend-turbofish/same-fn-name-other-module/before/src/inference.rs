use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// Same name, another module: the device second.
pub fn run<B: AutodiffBackend>(count: usize, device: &B::Device) -> Tensor<B, 1> {
    Tensor::ones([count], device)
}
