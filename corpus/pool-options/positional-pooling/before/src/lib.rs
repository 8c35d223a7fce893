use burn::prelude::*;
use burn::tensor::module::{avg_pool1d, max_pool2d};

pub fn pools<B: Backend>(image: Tensor<B, 4>, signal: Tensor<B, 3>) -> (Tensor<B, 4>, Tensor<B, 3>) {
    let pooled = max_pool2d(image, [2, 2], [2, 2], [0, 0], [1, 1], false);
    let smooth = avg_pool1d(signal, 3, 1, 1, true, false);
    (pooled, smooth)
}

pub fn with_indices<B: Backend>(x: Tensor<B, 4>) -> Tensor<B, 4, Int> {
    let (_, indices) = burn::tensor::module::max_pool2d_with_indices(x, [3, 3], [1, 1], [1, 1], [1, 1], true);
    indices
}
