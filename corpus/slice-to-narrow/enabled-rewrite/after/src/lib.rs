use burn::prelude::*;

/// A window that starts at a caller's offset: past the end, `slice` silently returns less.
pub fn window(x: Tensor<1>, start: usize, len: usize) -> Tensor<1> {
    x.narrow(0, start, len)
}

/// Near misses, left alone: a literal window, and one read from the tensor's own shape.
pub fn head(x: Tensor<2>) -> Tensor<2> {
    let [rows, _] = x.dims();
    x.clone().slice([0..1, 0..2]) + x.slice([0..rows, 0..2])
}

/// Two computed axes: one `narrow` each, chained; a step is left to the finding.
pub fn crop(x: Tensor<2>, r: usize, c: usize, h: usize) -> Tensor<2> {
    x.clone().narrow(0, r, h).narrow(1, c, h) + x.slice(s![r..r + h;2, ..])
}
