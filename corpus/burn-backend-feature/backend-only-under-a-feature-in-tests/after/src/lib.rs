use burn::prelude::*;

pub fn double(x: Tensor<1>) -> Tensor<1> {
    x.mul_scalar(2.0)
}
