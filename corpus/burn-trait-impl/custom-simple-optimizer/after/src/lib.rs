use burn::optim::{LearningRate, SimpleOptimizer};
use burn::prelude::*;

/// A hand-written per-tensor optimizer: its trait changed shape in 0.22.1.
#[derive(Clone)]
pub struct PlainSgd;

impl<B: Backend> SimpleOptimizer<B> for PlainSgd {
    type State<const D: usize> = ();

    fn step<const D: usize>(
        &self,
        lr: LearningRate,
        tensor: Tensor<B, D>,
        grad: Tensor<B, D>,
        _state: Option<Self::State<D>>,
    ) -> (Tensor<B, D>, Option<Self::State<D>>) {
        (tensor - grad.mul_scalar(lr), None)
    }

    fn to_device<const D: usize>(state: Self::State<D>, _device: &B::Device) -> Self::State<D> {
        state
    }
}

/// Code around the impl still migrates.
pub fn scaled(x: Tensor<1>) -> Tensor<1> {
    x.mul_scalar(0.5)
}
