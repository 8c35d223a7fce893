use burn::prelude::*;

/// The crate's own backend trait: every burn backend is one.
pub trait Backend: burn::tensor::backend::Backend {}
impl<B: burn::tensor::backend::Backend> Backend for B {}

pub fn double<B: Backend>(t: Tensor<B, 2>) -> Tensor<B, 2> {
    t.clone() + t
}
