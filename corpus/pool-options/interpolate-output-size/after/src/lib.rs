use burn::prelude::*;
use burn::tensor::module::interpolate;
use burn::tensor::ops::{InterpolateMode, InterpolateOptions};

/// Nearest-neighbour 2x upsampling, the size computed from the input.
pub fn upsample(x: Tensor<4>) -> Tensor<4> {
    let [_, _, h, w] = x.dims();
    interpolate(x, InterpolateOptions::new(InterpolateMode::Nearest).with_output_size([2 * h, 2 * w]))
}

/// The options built apart, then passed by name.
pub fn resize(x: Tensor<4>, size: [usize; 2]) -> Tensor<4> {
    let options = InterpolateOptions::new(InterpolateMode::Bilinear);
    interpolate(x, options.with_output_size(size))
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
