use burn::prelude::*;
use burn::tensor::module::interpolate;
use burn::tensor::ops::{InterpolateMode, InterpolateOptions};

/// Nearest-neighbour 2x upsampling, the size computed from the input.
pub fn upsample<B: Backend>(x: Tensor<B, 4>) -> Tensor<B, 4> {
    let [_, _, h, w] = x.dims();
    interpolate(x, [2 * h, 2 * w], InterpolateOptions::new(InterpolateMode::Nearest))
}

/// The options built apart, then passed by name.
pub fn resize<B: Backend>(x: Tensor<B, 4>, size: [usize; 2]) -> Tensor<B, 4> {
    let options = InterpolateOptions::new(InterpolateMode::Bilinear);
    interpolate(x, size, options)
}

mod curve {
    /// A project fn of the same name with three arguments: not burn's.
    pub fn interpolate(a: f32, b: f32, t: f32) -> f32 {
        a + (b - a) * t
    }
}

pub fn blend(a: f32, b: f32, t: f32) -> f32 {
    curve::interpolate(a, b, t)
}
