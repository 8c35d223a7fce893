use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

use crate::Dev;

/// The gradient of `2 * x * x` at `x`, on the crate's device alias imported from the crate root.
pub fn doubled_grad(x: f32) -> f32 {
    let device = Dev::default();
    let t = Tensor::<Autodiff<Flex>, 1>::from_floats([x], &device).require_grad();
    let y = (t.clone() * t.clone() * 2.0).sum();
    let grads = y.backward();
    t.grad(&grads).unwrap().into_scalar()
}
