use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};
use burn::prelude::*;

/// This module trains: its `B` is an autodiff backend.
type B = Autodiff<Flex>;

pub fn step() -> Tensor<B, 1> {
    let device = FlexDevice::default();
    let x = crate::ones::<B>(&device).require_grad();
    let _grads = x.clone().sum().backward();
    x
}
