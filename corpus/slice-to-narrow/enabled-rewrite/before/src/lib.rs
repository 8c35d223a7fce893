use burn::prelude::*;

/// A window that starts at a caller's offset: past the end, `slice` silently returns less.
pub fn window<B: Backend>(x: Tensor<B, 1>, start: usize, len: usize) -> Tensor<B, 1> {
    x.slice([start..start + len])
}

/// Near misses, left alone: a literal window, and one read from the tensor's own shape.
pub fn head<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    let [rows, _] = x.dims();
    x.clone().slice([0..1, 0..2]) + x.slice([0..rows, 0..2])
}

/// Two computed axes: one `narrow` each, chained; a step is left to the finding.
pub fn crop<B: Backend>(x: Tensor<B, 2>, r: usize, c: usize, h: usize) -> Tensor<B, 2> {
    x.clone().slice([r..r + h, c..c + h]) + x.slice(s![r..r + h;2, ..])
}
