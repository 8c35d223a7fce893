use burn::prelude::*;

pub fn normalize<B: Backend, const D: usize>(x: Tensor<B, D>) -> Tensor<B, D> {
    let mean = x.clone().mean_dim(D - 1);
    x - mean
}

pub struct Stack<B: Backend, const D: usize> {
    pub items: Vec<Tensor<B, D>>,
}

impl<B: Backend, const D: usize> Stack<B, D> {
    pub fn push(&mut self, t: Tensor<B, D>) {
        self.items.push(normalize::<B, D>(t));
    }

    pub fn join(self) -> Tensor<B, D> {
        Tensor::cat(self.items, 0)
    }
}
