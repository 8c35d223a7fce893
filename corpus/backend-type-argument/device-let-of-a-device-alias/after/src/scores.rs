use burn::tensor::{Device, Tensor};

/// The gradient of `2 * x * x` at `x`, on the crate's device alias imported from the crate root.
pub fn doubled_grad(x: f32) -> f32 {
    let device = Device::flex().autodiff();
    let t = Tensor::<1>::from_floats([x], &device).require_grad();
    let y = (t.clone() * t.clone() * 2.0).sum();
    let grads = y.backward();
    t.grad(&grads).unwrap().into_scalar()
}
