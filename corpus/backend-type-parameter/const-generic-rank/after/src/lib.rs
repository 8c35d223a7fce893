use burn::prelude::*;

pub fn normalize<const D: usize>(x: Tensor<D>) -> Tensor<D> {
    let mean = x.clone().mean_dim(D - 1);
    x - mean
}

pub struct Stack<const D: usize> {
    pub items: Vec<Tensor<D>>,
}

impl<const D: usize> Stack<D> {
    pub fn push(&mut self, t: Tensor<D>) {
        self.items.push(normalize::<D>(t));
    }

    pub fn join(self) -> Tensor<D> {
        Tensor::cat(self.items, 0)
    }
}
