use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    pub fc: Linear,
}

#[derive(Config, Debug)]
pub struct NetConfig {
    #[config(default = 2)]
    pub width: usize,
}

impl NetConfig {
    pub fn init(&self, device: &Device) -> Net {
        Net { fc: LinearConfig::new(self.width, 1).init(device) }
    }
}

/// The model from a checkpoint when there is one, else a fresh one: both on the training backend.
pub fn load_or_new(path: Option<&str>) -> Net {
    let device = Device::flex();
    path.map(|_| NetConfig::new().init(&device.clone().autodiff()))
        .unwrap_or_else(|| NetConfig::new().init(&device.clone().autodiff()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_paths_train() {
        for path in [Some("checkpoint"), None] {
            let net = load_or_new(path);
            let device = Device::flex().autodiff();
            let out = net.fc.forward(Tensor::<2>::ones([1, 2], &device)).sum();
            let grads = out.backward();
            assert!(net.fc.weight.grad(&grads).is_some());
        }
    }
}
