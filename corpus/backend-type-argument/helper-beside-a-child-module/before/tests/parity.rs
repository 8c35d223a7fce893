mod common;

use burn::backend::Flex;
use burn::tensor::Tensor;

type TestBackend = Flex;

/// A private helper: its parameter types no device here, and `common` (no `super::`, no
/// `crate::`) cannot call it. Its drop is decided.
fn flat(t: &Tensor<TestBackend, 2>) -> Vec<f32> {
    t.to_data().to_vec::<f32>().unwrap()
}

#[test]
fn doubles() {
    let device = Default::default();
    let x = Tensor::<TestBackend, 2>::from_floats([common::ROW], &device);
    assert_eq!(flat(&(x.clone() + x)), vec![2.0, 4.0]);
}
