use burn::prelude::*;

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

pub fn run() -> Tensor<1> {
    let device = Device::flex();
    Tensor::<1>::zeros([2], &device)
}
