use burn::prelude::*;

/// Two halves of a feature vector.
pub type Pair<B: Backend> = (Tensor<B, 1>, Tensor<B, 1>);

pub fn split<B: Backend>(x: Tensor<B, 1>) -> Pair<B> {
    let [n] = x.dims();
    (x.clone().narrow(0, 0, n / 2), x.narrow(0, n / 2, n - n / 2))
}

pub fn join<B: Backend>(pair: Pair<B>) -> Tensor<B, 1> {
    Tensor::cat(vec![pair.0, pair.1], 0)
}
