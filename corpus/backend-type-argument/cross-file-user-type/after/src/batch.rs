use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct Batch {
    pub inputs: Tensor<2>,
    pub targets: Tensor<1, Int>,
}

impl Batch {
    pub fn new(inputs: Tensor<2>, targets: Tensor<1, Int>) -> Self {
        Self { inputs, targets }
    }
}
