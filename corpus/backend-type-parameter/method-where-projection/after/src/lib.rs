use burn::prelude::*;

pub struct Sim {
    device: Device,
}

impl Sim {
    /// The method's own `where` bounds a projection of the impl's `B`: it goes with `B`.
    pub fn new<F: Fn() -> usize>(device: Device, count: F) -> (Self, usize)
    where
        F: Send,
    {
        (Self { device }, count())
    }

    pub fn zeros(&self) -> Tensor<1> {
        Tensor::zeros([2], &self.device)
    }
}
