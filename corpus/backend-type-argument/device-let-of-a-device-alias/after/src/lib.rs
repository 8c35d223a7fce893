use burn::tensor::{Device, Tensor, TensorData};

mod scores;

/// The device of both.
pub type Dev = Device;

/// Sums the values on a plain Flex device.
pub fn plain_sum(values: Vec<f32>) -> f32 {
    let device = Device::flex();
    let n = values.len();
    let t = Tensor::<1>::from_data(TensorData::new(values, [n]), &device);
    t.sum().into_scalar()
}

/// The gradient of `x * x` at `x`: the tensor is tracked by the autodiff backend.
pub fn grad_of_square(x: f32) -> f32 {
    let device = Device::flex().autodiff();
    let t = Tensor::<1>::from_data(TensorData::new(vec![x], [1]), &device).require_grad();
    let y = (t.clone() * t.clone()).sum();
    let grads = y.backward();
    t.grad(&grads).unwrap().into_scalar()
}

#[cfg(test)]
mod tests {
    #[test]
    fn sums_and_differentiates() {
        assert_eq!(super::plain_sum(vec![1.0, 2.0]), 3.0);
        assert_eq!(super::grad_of_square(3.0), 6.0);
        assert_eq!(super::scores::doubled_grad(2.0), 8.0);
    }
}

/// One device for a plain tensor and a tracked one: which of the two it is, a person says (not
/// run: until then `require_grad` panics on the plain device).
pub fn mixed(x: f32) -> usize {
    let device = Device::flex();
    let plain = Tensor::<1>::from_floats([x], &device);
    let tracked = Tensor::<1>::from_floats([x], &device).require_grad();
    plain.dims()[0] + tracked.dims()[0]
}
