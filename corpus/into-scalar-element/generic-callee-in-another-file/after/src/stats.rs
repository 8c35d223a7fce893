use burn::prelude::*;

use crate::common::scalar_to_f32;

pub fn mean(t: Tensor<1>) -> f32 {
    scalar_to_f32(t.mean().into_scalar::<f32>())
}

pub fn max(t: Tensor<1>) -> f32 {
    crate::common::scalar_to_f32(t.max().into_scalar::<f32>())
}

pub fn sum(t: Tensor<1>) -> f64 {
    crate::common::scalar_to_f64(t.sum().into_scalar::<f32>())
}
