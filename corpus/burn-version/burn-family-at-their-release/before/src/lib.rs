//! Depends on several of burn's crates beside burn itself.

pub fn shape_len(shape: &[usize]) -> usize {
    shape.iter().product()
}
