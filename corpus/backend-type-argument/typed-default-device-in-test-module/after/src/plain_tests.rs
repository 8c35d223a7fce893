use burn::tensor::{Device, Tensor};

/// A value parameter: the tensor's device was chosen where its caller built it.
fn flat(t: &Tensor<2>) -> Vec<f32> {
    t.to_data().try_to_vec::<f32>().unwrap()
}

/// The device's type is its own annotation: it becomes `Device::flex()`.
#[test]
fn typed_device() {
    let device: Device = Device::flex();
    let x = Tensor::<2>::ones([2, 2], &device);
    let y: Tensor<2> = x.clone() + x;
    assert_eq!(flat(&y), vec![2.0; 4]);
}

/// Made in the argument itself: `&Device::flex()` there.
#[test]
fn inline_device() {
    let x = Tensor::<1>::zeros([3], &Device::flex());
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
