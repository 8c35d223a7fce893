pub mod optim;

use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

use crate::optim::{AdamWOpt, init_pair};

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

pub struct Trainer<B: AutodiffBackend> {
    net: Net<B>,
    optims: (AdamWOpt<Net<B>, B>, AdamWOpt<Net<B>, B>),
}

impl<B: AutodiffBackend> Trainer<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { net: Net { fc: LinearConfig::new(2, 1).init(device) }, optims: init_pair::<B, Net<B>>() }
    }

    pub fn step(mut self, x: Tensor<B, 2>) -> Self {
        let loss = self.net.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optims.0.step(1e-3, self.net, grads);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::{Autodiff, Flex};

    #[test]
    fn a_step_runs() {
        type B = Autodiff<Flex>;
        let device = Default::default();
        let trainer = Trainer::<B>::new(&device);
        let _ = trainer.step(Tensor::<B, 2>::ones([3, 2], &device));
    }
}
