use burn::backend::Flex;
use burn::prelude::*;

/// Backend-specific kernels and counters, implemented per backend elsewhere.
pub trait Fused: Backend {}
pub trait Counted: Backend {}

/// Two project traits besides the backend: backend-specific code.
pub fn fused_scale<B: Backend + Fused + Counted>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    x.mul_scalar(2.0)
}

/// A project macro that takes the tensor type as tokens.
macro_rules! zeros_of {
    ($t:ty, $device:expr) => {
        <$t>::zeros([2, 2], $device)
    };
}

pub fn zeros<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    zeros_of!(Tensor<B, 2>, device)
}

/// The macro called with a concrete backend outside any generic item.
pub fn flex_zeros() -> Tensor<Flex, 2> {
    zeros_of!(Tensor<Flex, 2>, &Default::default())
}
