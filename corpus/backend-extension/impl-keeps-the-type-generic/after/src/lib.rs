use burn::prelude::*;
use burn::backend::Backend;

pub mod ops;

pub struct Foo<B: Backend> {
    pub t: Tensor<B, 1>,
}

pub fn make<B: Backend>(device: &B::Device) -> Foo<B> {
    Foo { t: Tensor::zeros([1], device) }
}
