use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

type Train = Autodiff<Flex>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    pub fc: Linear<B>,
}

#[derive(Config, Debug)]
pub struct NetConfig {
    #[config(default = 2)]
    pub width: usize,
}

impl NetConfig {
    pub fn init<B: Backend>(&self, device: &B::Device) -> Net<B> {
        Net { fc: LinearConfig::new(self.width, 1).init(device) }
    }
}

/// The model from a checkpoint when there is one, else a fresh one: both on the training backend.
pub fn load_or_new(path: Option<&str>) -> Net<Train> {
    let device = burn::backend::flex::FlexDevice;
    path.map(|_| NetConfig::new().init::<Train>(&device))
        .unwrap_or_else(|| NetConfig::new().init::<Train>(&device))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_paths_train() {
        for path in [Some("checkpoint"), None] {
            let net = load_or_new(path);
            let device = burn::backend::flex::FlexDevice;
            let out = net.fc.forward(Tensor::<Train, 2>::ones([1, 2], &device)).sum();
            let grads = out.backward();
            assert!(net.fc.weight.grad(&grads).is_some());
        }
    }
}
