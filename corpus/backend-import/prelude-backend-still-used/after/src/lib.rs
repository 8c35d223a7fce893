use std::marker::PhantomData;

use burn::backend::Backend;

/// Kept generic (a marker of a container of the backend, which no rule rewrites): its `Backend` stays in use.
pub struct Tag<B: Backend> {
    pub marker: PhantomData<Option<B>>,
}

impl<B: Backend> Tag<B> {
    pub fn new() -> Self {
        Self { marker: PhantomData }
    }
}
