use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// `x` is built here and never `require_grad`-ed: its gradient is `None` (the finding).
pub fn untracked<B: AutodiffBackend>(device: &B::Device) -> Tensor<B::InnerBackend, 1> {
    let x = Tensor::<B, 1>::ones([3], device);
    let grads = (x.clone() * 2.0).sum().backward();
    x.grad(&grads).unwrap()
}

/// Near miss: tracked.
pub fn tracked<B: AutodiffBackend>(device: &B::Device) -> Tensor<B::InnerBackend, 1> {
    let w = Tensor::<B, 1>::ones([3], device).require_grad();
    let grads = (w.clone() * 2.0).sum().backward();
    w.grad(&grads).unwrap()
}
