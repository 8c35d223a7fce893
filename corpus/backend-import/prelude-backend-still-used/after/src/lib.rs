use std::marker::PhantomData;

use burn::backend::Backend;

/// Kept generic (the backend is only a marker here): its `Backend` stays in use.
pub struct Tag<B: Backend> {
    pub marker: PhantomData<fn() -> B>,
}

impl<B: Backend> Tag<B> {
    pub fn new() -> Self {
        Self { marker: PhantomData }
    }
}
