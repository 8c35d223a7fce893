use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

pub fn devices<B: Backend>(n: usize) -> Vec<B::Device> {
    (0..n).map(|_| B::Device::default()).collect()
}

pub fn on_first<B: Backend>(devices: &[B::Device]) -> Tensor<B, 1> {
    Tensor::zeros([3], &devices[0])
}
