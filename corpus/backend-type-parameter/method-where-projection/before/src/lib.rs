use burn::prelude::*;

pub struct Sim<B: Backend> {
    device: B::Device,
}

impl<B: Backend> Sim<B> {
    /// The method's own `where` bounds a projection of the impl's `B`: it goes with `B`.
    pub fn new<F: Fn() -> usize>(device: B::Device, count: F) -> (Self, usize)
    where
        F: Send,
        B::Device: Send,
    {
        (Self { device }, count())
    }

    pub fn zeros(&self) -> Tensor<B, 1> {
        Tensor::zeros([2], &self.device)
    }
}
