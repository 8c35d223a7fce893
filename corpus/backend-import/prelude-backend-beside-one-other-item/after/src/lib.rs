use burn::tensor::{Distribution, Tensor};
use burn::backend::tensor::FloatTensor;
use burn::backend::Backend;
use burn::tensor::Device;

/// Kept generic: it holds a backend primitive, so `Backend` stays named.
pub struct Cache<B: Backend> {
    pub cache: Option<FloatTensor<B>>,
}

/// Migrated: the device chooses the backend.
pub fn sample(device: &Device) -> Tensor<2> {
    Tensor::random([2, 2], Distribution::Default, device)
}
