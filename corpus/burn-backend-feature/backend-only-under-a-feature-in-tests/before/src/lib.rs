use burn::prelude::*;

pub fn double<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {
    x.mul_scalar(2.0)
}
