// The list's own `tensor::{..}` takes it.
use burn::{
    nn::LinearConfig,
    tensor::{Device, Distribution, Tensor},
};

pub fn noise(device: &Device) -> Tensor<2> {
    let _ = LinearConfig::new(2, 3);
    Tensor::random([2, 3], Distribution::Default, device)
}
