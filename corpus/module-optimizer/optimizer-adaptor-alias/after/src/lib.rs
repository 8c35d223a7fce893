pub mod optim;

use burn::nn::{Linear, LinearConfig};
use burn::optim::GradientsParams;
use burn::prelude::*;

use crate::optim::{AdamWOpt, init_pair};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

pub struct Trainer {
    net: Net,
    optims: (AdamWOpt, AdamWOpt),
}

impl Trainer {
    pub fn new(device: &Device) -> Self {
        Self { net: Net { fc: LinearConfig::new(2, 1).init(device) }, optims: init_pair::<Net>() }
    }

    pub fn step(mut self, x: Tensor<2>) -> Self {
        let loss = self.net.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optims.0.step(1e-3, self.net, grads);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_runs() {
        let device = Device::flex().autodiff();
        let trainer = Trainer::new(&device);
        let _ = trainer.step(Tensor::<2>::ones([3, 2], &device));
    }
}
