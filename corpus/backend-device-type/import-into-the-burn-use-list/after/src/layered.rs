// One item per line: the new item gets a line of its own, in order.
use burn::{
    nn::{Linear, LinearConfig},
    tensor::Device,
};

pub fn layer(device: &Device) -> Linear {
    LinearConfig::new(2, 3).init(device)
}
