use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type Train = Autodiff<Flex>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

pub struct TrainConfig {
    /// A rate kept in single precision.
    pub learning_rate: f32,
}

pub struct Trainer {
    net: Net<Train>,
    optimizer: OptimizerAdaptor<Adam, Net<Train>, Train>,
    config: TrainConfig,
}

impl Trainer {
    pub fn new() -> Self {
        let device = Default::default();
        Self {
            net: Net { fc: LinearConfig::new(2, 1).init::<Train>(&device) },
            optimizer: AdamConfig::new().init(),
            config: TrainConfig { learning_rate: 1e-3 },
        }
    }

    pub fn update(&mut self, x: Tensor<Train, 2>) {
        let loss = self.net.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optimizer.step(self.config.learning_rate.into(), self.net.clone(), grads);
    }

    /// The rate converted once into a `let` that two steps read (reading 41, rlgymppo_rs's agent).
    pub fn update_twice(&mut self, x: Tensor<Train, 2>) {
        let lr = self.config.learning_rate.into();
        for _ in 0..2 {
            let loss = self.net.fc.forward(x.clone()).sum();
            let grads = GradientsParams::from_grads(loss.backward(), &self.net);
            self.net = self.optimizer.step(lr, self.net.clone(), grads);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_runs() {
        let mut trainer = Trainer::new();
        let device = Default::default();
        trainer.update(Tensor::<Train, 2>::ones([1, 2], &device));
        trainer.update_twice(Tensor::<Train, 2>::ones([1, 2], &device));
    }
}
