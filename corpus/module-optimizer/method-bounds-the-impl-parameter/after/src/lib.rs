use burn::backend::{Autodiff, Flex};
use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;

type Train = Autodiff<Flex>;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

/// A holder generic over its optimizer, with no bound on the impl.
pub struct Stepper<O> {
    optim: O,
}

impl<O> Stepper<O> {
    pub fn new(optim: O) -> Self {
        Self { optim }
    }

    /// The optimizer bound sits on the method and names the impl's `O`.
    pub fn step(&mut self, model: Net, x: Tensor<2>) -> Net
    where
        O: Optimizer<Net, Train>,
    {
        let loss = model.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        self.optim.step(1e-3, model, grads)
    }
}
