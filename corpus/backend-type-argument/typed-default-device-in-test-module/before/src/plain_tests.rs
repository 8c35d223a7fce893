use burn::backend::Flex;
use burn::tensor::{Device, Tensor};

type TestBackend = Flex;

/// A value parameter: the tensor's device was chosen where its caller built it.
fn flat(t: &Tensor<TestBackend, 2>) -> Vec<f32> {
    t.to_data().to_vec::<f32>().unwrap()
}

/// The device's type is its own annotation: it becomes `Device::flex()`.
#[test]
fn typed_device() {
    let device: Device<TestBackend> = Default::default();
    let x = Tensor::<TestBackend, 2>::ones([2, 2], &device);
    let y: Tensor<TestBackend, 2> = x.clone() + x;
    assert_eq!(flat(&y), vec![2.0; 4]);
}

/// Made in the argument itself: `&Device::flex()` there.
#[test]
fn inline_device() {
    let x = Tensor::<TestBackend, 1>::zeros([3], &Default::default());
    assert_eq!(x.dims(), [3]);
}

/// `flat`'s parameter types this caller's device (an untyped `Default::default()` whose only
/// use names no backend): its drop stays review.
fn built_here() -> Vec<f32> {
    let device = Default::default();
    flat(&Tensor::ones([1, 2], &device))
}

#[test]
fn caller_typed_by_the_helper() {
    assert_eq!(built_here(), vec![1.0, 1.0]);
}
