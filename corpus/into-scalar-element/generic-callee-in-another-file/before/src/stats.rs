use burn::prelude::*;

use crate::common::scalar_to_f32;

pub fn mean<B: Backend>(t: Tensor<B, 1>) -> f32 {
    scalar_to_f32(t.mean().into_scalar())
}

pub fn max<B: Backend>(t: Tensor<B, 1>) -> f32 {
    crate::common::scalar_to_f32(t.max().into_scalar())
}

pub fn sum<B: Backend>(t: Tensor<B, 1>) -> f64 {
    crate::common::scalar_to_f64(t.sum().into_scalar())
}
