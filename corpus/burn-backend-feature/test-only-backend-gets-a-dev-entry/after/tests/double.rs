use burn::tensor::{Device, Tensor};

#[test]
fn doubles_from_outside() {
    let device = Device::flex();
    let x = Tensor::<1>::ones([3], &device);
    assert_eq!(test_only_backend::double(x.reshape([3, 1])).dims(), [3, 1]);
}
