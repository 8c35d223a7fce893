// One item per line: the new item gets a line of its own, in order.
use burn::{
    nn::{Linear, LinearConfig},
    tensor::backend::Backend,
};

pub fn layer<B: Backend>(device: &B::Device) -> Linear<B> {
    LinearConfig::new(2, 3).init(device)
}
