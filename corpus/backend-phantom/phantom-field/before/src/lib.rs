use std::marker::PhantomData;

use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct Normalizer<B: Backend> {
    pub mean: f32,
    pub std: f32,
    _backend: PhantomData<B>,
}

impl<B: Backend> Normalizer<B> {
    pub fn new(mean: f32, std: f32) -> Self {
        Self { mean, std, _backend: PhantomData }
    }

    pub fn apply(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        x.sub_scalar(self.mean).div_scalar(self.std)
    }
}
