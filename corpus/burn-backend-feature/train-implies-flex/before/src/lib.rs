use burn::prelude::*;

pub fn zeros<B: Backend>() -> Tensor<B, 1> {
    let device = B::Device::default();
    Tensor::zeros([4], &device)
}
