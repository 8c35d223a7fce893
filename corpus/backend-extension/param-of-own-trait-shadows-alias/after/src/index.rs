/// A search index the crate can build (its own trait: no burn here).
pub trait Index {
    fn build(items: &[f32]) -> Self;
    fn len(&self) -> usize;
}

pub struct Exact(Vec<f32>);

impl Index for Exact {
    fn build(items: &[f32]) -> Self {
        Exact(items.to_vec())
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// `B` is this fn's own parameter (an `Index`), not the backend alias of `model.rs`.
pub fn build_and_count<B: Index>(items: &[f32]) -> usize {
    B::build(items).len()
}
