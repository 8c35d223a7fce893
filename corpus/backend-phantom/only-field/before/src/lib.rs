use burn::prelude::*;

/// Zero-sized marker that tied a pipeline stage to a backend.
pub struct Stage<B: Backend> {
    _backend: core::marker::PhantomData<B>,
}

pub fn stage<B: Backend>() -> Stage<B> {
    Stage { _backend: core::marker::PhantomData }
}
