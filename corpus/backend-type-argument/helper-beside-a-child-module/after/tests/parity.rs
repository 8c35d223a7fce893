mod common;

use burn::tensor::{Device, Tensor};

/// A private helper: its parameter types no device here, and `common` (no `super::`, no
/// `crate::`) cannot call it. Its drop is decided.
fn flat(t: &Tensor<2>) -> Vec<f32> {
    t.to_data().try_to_vec::<f32>().unwrap()
}

#[test]
fn doubles() {
    let device = Device::flex();
    let x = Tensor::<2>::from_floats([common::ROW], &device);
    assert_eq!(flat(&(x.clone() + x)), vec![2.0, 4.0]);
}
