use burn::prelude::*;

pub fn ramp(device: &Device) -> Tensor<1> {
    Tensor::<1>::from_floats([0.0, 0.5, 1.0], device)
}

pub fn eye_mask(n: usize, device: &Device) -> Tensor<2, Bool> {
    let ids = Tensor::<1, Int>::arange(0..n as i64, device);
    let rows = ids.clone().reshape([n, 1]);
    let cols = ids.reshape([1, n]);
    rows.equal(cols)
}
