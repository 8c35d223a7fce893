use burn::backend::autodiff::checkpoint::strategy::BalancedCheckpointing;
use burn::backend::{Autodiff, Flex};
use burn::prelude::*;

pub fn shapes<B: Backend>(device: &B::Device) -> [usize; 2] {
    Tensor::<B, 2>::zeros([2, 3], device).dims()
}

pub fn run() -> [usize; 2] {
    type B = Autodiff<Flex, BalancedCheckpointing>;
    let device = Default::default();
    shapes::<B>(&device)
}
