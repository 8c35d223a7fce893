use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

pub struct TrainConfig {
    /// A rate kept in single precision.
    pub learning_rate: f32,
}

pub struct Trainer {
    net: Net,
    optimizer: ModuleOptimizer,
    config: TrainConfig,
}

impl Trainer {
    pub fn new() -> Self {
        let device = Device::flex();
        Self {
            net: Net { fc: LinearConfig::new(2, 1).init(&device.autodiff()) },
            optimizer: AdamConfig::new().init(),
            config: TrainConfig { learning_rate: 1e-3 },
        }
    }

    pub fn update(&mut self, x: Tensor<2>) {
        let loss = self.net.fc.forward(x).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optimizer.step(Into::<f64>::into(self.config.learning_rate), self.net.clone(), grads);
    }

    /// The rate converted once into a `let` that two steps read (reading 41, rlgymppo_rs's agent).
    pub fn update_twice(&mut self, x: Tensor<2>) {
        let lr = Into::<f64>::into(self.config.learning_rate);
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
        let device = Device::flex().autodiff();
        trainer.update(Tensor::<2>::ones([1, 2], &device));
        trainer.update_twice(Tensor::<2>::ones([1, 2], &device));
    }
}
