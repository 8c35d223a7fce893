use burn::backend::{Autodiff, Backend, Flex};
use burn::prelude::*;
use burn::backend::AutodiffBackend;

pub trait CustomOps: Backend {}
impl CustomOps for Flex {}
impl<B: CustomOps> CustomOps for Autodiff<B> {}

pub fn probe<B>(device: &B::Device) -> usize
where
    B: AutodiffBackend + CustomOps,
{
    Tensor::<B, 1>::from_floats([1.0, 2.0], device).require_grad().dims()[0]
}

pub trait Supported {}
impl<B: Backend> Supported for B {}
