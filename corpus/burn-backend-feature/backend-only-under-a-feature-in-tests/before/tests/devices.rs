use burn::backend::Flex;
use burn::tensor::Tensor;

#[test]
fn on_cpu() {
    let device = Default::default();
    let x = Tensor::<Flex, 1>::from_floats([1.0, 2.0], &device);
    assert_eq!(feature_gated_tests::double(x).dims(), [2]);
}

#[cfg(feature = "cuda")]
#[test]
fn on_gpu() {
    use burn::backend::cuda::{Cuda, CudaDevice};
    let device = CudaDevice::default();
    let x = Tensor::<Cuda, 1>::from_floats([1.0, 2.0], &device);
    assert_eq!(feature_gated_tests::double(x).dims(), [2]);
}
