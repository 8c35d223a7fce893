use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

pub type BurnBackend = Autodiff<Flex>;

pub mod agent;
pub mod builders;

pub fn ones(device: &burn::tensor::Device) -> Tensor<1> {
    Tensor::ones([4], device)
}
