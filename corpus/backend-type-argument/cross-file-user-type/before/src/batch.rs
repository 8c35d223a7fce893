use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct Batch<B: Backend> {
    pub inputs: Tensor<B, 2>,
    pub targets: Tensor<B, 1, Int>,
}

impl<B: Backend> Batch<B> {
    pub fn new(inputs: Tensor<B, 2>, targets: Tensor<B, 1, Int>) -> Self {
        Self { inputs, targets }
    }
}
