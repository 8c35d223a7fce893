use burn::backend::{Autodiff, Flex};
use burn::backend::flex::FlexDevice;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;

/// Another crate's `train`: the device first, by reference, and the steps after it.
pub fn train<B: AutodiffBackend>(device: &B::Device, steps: usize) -> usize {
    let x = Tensor::<B, 1>::ones([steps], device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).unwrap().dims()[0]
}

pub fn tune() -> usize {
    let device = FlexDevice::default();
    train::<Autodiff<Flex>>(&device, 4)
}
