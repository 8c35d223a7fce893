use burn::prelude::*;
use burn::tensor::module::{avg_pool1d, max_pool2d};
use burn::tensor::ops::{AvgPoolOptions, MaxPoolOptions};

pub fn pools(image: Tensor<4>, signal: Tensor<3>) -> (Tensor<4>, Tensor<3>) {
    let pooled = max_pool2d(image, MaxPoolOptions::new([2, 2]).with_stride([2, 2]).with_padding([0, 0]).with_dilation([1, 1]).with_ceil_mode(false));
    let smooth = avg_pool1d(signal, AvgPoolOptions::new([3]).with_stride([1]).with_padding([1]).with_count_include_pad(true).with_ceil_mode(false));
    (pooled, smooth)
}

pub fn with_indices(x: Tensor<4>) -> Tensor<4, Int> {
    let (_, indices) = burn::tensor::module::max_pool2d_with_indices(x, MaxPoolOptions::new([3, 3]).with_stride([1, 1]).with_padding([1, 1]).with_dilation([1, 1]).with_ceil_mode(true));
    indices
}
