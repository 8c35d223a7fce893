use std::marker::PhantomData;

use burn::prelude::*;

pub struct Worker<B: Backend> {
    pub n: usize,
    _b: PhantomData<B>,
}

/// A struct literal that names the backend by turbofish: its marker initialiser goes with the field.
pub fn make<B: Backend>() -> Worker<B> {
    Worker::<B> { n: 1, _b: PhantomData }
}

/// A backend method called through a qualified path.
pub fn seed_it<B: Backend>(device: &B::Device) {
    <B as Backend>::seed(device, 7);
}
