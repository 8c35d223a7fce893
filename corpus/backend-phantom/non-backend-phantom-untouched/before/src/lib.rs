use std::marker::PhantomData;

use burn::prelude::*;

/// A typed index: the marker is a user type, not a backend.
pub struct Id<T> {
    pub raw: usize,
    _of: PhantomData<T>,
}

impl<T> Id<T> {
    pub fn new(raw: usize) -> Self {
        Self { raw, _of: PhantomData }
    }
}

pub fn pick<B: Backend>(x: Tensor<B, 1>, id: Id<u8>) -> Tensor<B, 1> {
    x.narrow(0, id.raw, 1)
}
