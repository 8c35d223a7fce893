use std::marker::PhantomData;

use burn::backend::Backend;

/// A step counter tagged with its backend: positional fields.
pub struct Steps<B: Backend>(pub usize, PhantomData<B>);

impl<B: Backend> Steps<B> {
    pub fn new(n: usize) -> Self {
        Self(n, PhantomData)
    }
}
