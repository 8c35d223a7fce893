use burn::tensor::{Device, Tensor};

#[test]
fn on_cpu() {
    let device = Device::flex();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    assert_eq!(feature_gated_tests::double(x).dims(), [2]);
}

#[cfg(feature = "cuda")]
#[test]
fn on_gpu() {
    use burn::tensor::{Device, DeviceIndex};
    let device = Device::cuda(DeviceIndex::Default);
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    assert_eq!(feature_gated_tests::double(x).dims(), [2]);
}
