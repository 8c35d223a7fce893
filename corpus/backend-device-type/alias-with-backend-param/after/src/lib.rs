use burn::prelude::*;
use burn::backend::BackendTypes;
use burn::backend::Backend;

/// The device of a backend, under a shorter name.
pub type Dev<B> = <B as BackendTypes>::Device;

pub fn zeros<B: Backend>(device: &Dev<B>) -> Tensor<B, 1> {
    Tensor::zeros([3], device)
}
