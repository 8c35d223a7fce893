mod helpers;

use burn::backend::Flex;
use burn::tensor::Tensor;

type TestBackend = Flex;

/// The same helper, but `helpers` calls it through `super::`, with a device it makes by
/// inference: the drop stays review.
fn flat(t: &Tensor<TestBackend, 2>) -> Vec<f32> {
    t.to_data().to_vec::<f32>().unwrap()
}

#[test]
fn ones() {
    assert_eq!(helpers::ones(), vec![1.0, 1.0]);
}
