use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn step<B: AutodiffBackend>(device: &B::Device) {
    let x = Tensor::<B, 2>::zeros([2, 2], device).require_grad();
    let _grads = x.sum().backward();
}
