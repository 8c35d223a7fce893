use std::marker::PhantomData;

use burn::tensor::backend::Backend;

pub trait Encode {
    fn encode(&self) -> usize;
}

/// A marker whose parameter has no bound: no rule erases it (burn-central's checkpoint sources,
/// reading 35).
pub struct Sources<B, R> {
    pub backend: PhantomData<B>,
    pub record: R,
}

impl<B, R> Sources<B, R> {
    pub fn new(record: R) -> Self {
        Self { backend: PhantomData, record }
    }
}

/// The impl bounds it by `Backend`: erasing it here would leave `Sources<R>` one argument short
/// (E0107), so it stays, with the finding.
impl<B: Backend, R> Encode for Sources<B, R> {
    fn encode(&self) -> usize {
        1
    }
}
