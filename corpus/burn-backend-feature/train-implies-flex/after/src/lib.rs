use burn::prelude::*;

pub fn zeros() -> Tensor<1> {
    let device = Device::default();
    Tensor::zeros([4], &device)
}
