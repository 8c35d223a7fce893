use burn::prelude::*;
use burn::backend::Flex;

pub type B = Flex;

pub trait LocomotionBackend {
    fn step(&self) -> usize;
}

pub struct Walker<B: LocomotionBackend> {
    pub legs: B,
}

impl<B: LocomotionBackend> Walker<B> {
    pub fn go(&self) -> usize {
        self.legs.step()
    }
}

pub fn run() -> Tensor<B, 1> {
    let device = Default::default();
    Tensor::<B, 1>::zeros([2], &device)
}
