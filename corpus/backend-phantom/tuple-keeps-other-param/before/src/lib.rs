use std::marker::PhantomData;

use burn::prelude::*;

pub struct Tagged<B: Backend, M> {
    pub id: usize,
    _kind: PhantomData<(B, M)>,
}

impl<B: Backend, M> Tagged<B, M> {
    pub fn new(id: usize) -> Self {
        Self { id, _kind: PhantomData }
    }
}
