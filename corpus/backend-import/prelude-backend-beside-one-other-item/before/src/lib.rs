use burn::{
    prelude::Backend,
    tensor::{Distribution, Tensor},
};
use burn::tensor::ops::FloatTensor;

/// Kept generic: it holds a backend primitive, so `Backend` stays named.
pub struct Cache<B: Backend> {
    pub cache: Option<FloatTensor<B>>,
}

/// Migrated: the device chooses the backend.
pub fn sample<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    Tensor::random([2, 2], Distribution::Default, device)
}
