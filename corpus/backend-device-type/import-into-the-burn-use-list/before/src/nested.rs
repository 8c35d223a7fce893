// The list's own `tensor::{..}` takes it.
use burn::{
    nn::LinearConfig,
    tensor::{Distribution, Tensor, backend::Backend},
};

pub fn noise<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    let _ = LinearConfig::new(2, 3);
    Tensor::random([2, 3], Distribution::Default, device)
}
