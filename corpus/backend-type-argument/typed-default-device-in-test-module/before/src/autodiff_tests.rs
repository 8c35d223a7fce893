use burn::backend::{Autodiff, Flex};
use burn::tensor::{Device, Tensor};

type TestBackend = Flex;
type TestAutodiff = Autodiff<Flex>;

/// `Device<Autodiff<Flex>>`: `Device::flex().autodiff()`, so `backward` has a graph.
#[test]
fn typed_autodiff_device() {
    let device: Device<TestAutodiff> = Default::default();
    let x = Tensor::<TestAutodiff, 1>::ones([3], &device).require_grad();
    let g = x.clone().sum().backward();
    assert_eq!(x.grad(&g).unwrap().dims(), [3]);
}

/// In a file that touches autodiff, a plain backend may be what kept a tensor off the graph (one
/// 0.21 device served both): this annotation stays review.
#[test]
fn plain_beside_autodiff() {
    let device: Device<TestAutodiff> = Default::default();
    let x = Tensor::<TestAutodiff, 1>::ones([3], &device);
    let y: Tensor<TestBackend, 1> = x.inner();
    assert_eq!(y.dims(), [3]);
}
