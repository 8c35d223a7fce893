use burn::backend::{Flex, NdArray};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    w: Tensor<B, 1>,
}

/// A label per backend, chosen at compile time by two impls.
pub trait Describe {
    fn describe(&self) -> &'static str;
}

impl Describe for Model<Flex> {
    fn describe(&self) -> &'static str {
        "flex"
    }
}

impl Describe for Model<NdArray> {
    fn describe(&self) -> &'static str {
        "ndarray"
    }
}
