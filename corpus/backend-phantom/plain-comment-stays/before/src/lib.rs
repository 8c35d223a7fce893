use std::marker::PhantomData;

use burn::prelude::*;

pub struct Holder<B: Backend> {
    /// How many steps were taken.
    pub steps: usize,
    // The fields below are implementation details.
    _backend: PhantomData<B>,
}

impl<B: Backend> Holder<B> {
    pub fn new() -> Self {
        Self { steps: 0, _backend: PhantomData }
    }
}
