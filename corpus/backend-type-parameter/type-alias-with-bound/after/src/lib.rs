use burn::prelude::*;

/// Two halves of a feature vector.
pub type Pair = (Tensor<1>, Tensor<1>);

pub fn split(x: Tensor<1>) -> Pair {
    let [n] = x.dims();
    (x.clone().narrow(0, 0, n / 2), x.narrow(0, n / 2, n - n / 2))
}

pub fn join(pair: Pair) -> Tensor<1> {
    Tensor::cat(vec![pair.0, pair.1], 0)
}
