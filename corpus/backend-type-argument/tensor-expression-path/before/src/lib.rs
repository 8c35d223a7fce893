use burn::prelude::*;

pub fn ramp<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::<B, 1>::from_floats([0.0, 0.5, 1.0], device)
}

pub fn eye_mask<B: Backend>(n: usize, device: &B::Device) -> Tensor<B, 2, Bool> {
    let ids = Tensor::<B, 1, Int>::arange(0..n as i64, device);
    let rows = ids.clone().reshape([n, 1]);
    let cols = ids.reshape([1, n]);
    rows.equal(cols)
}
