use burn::tensor::{Device, Tensor};

/// A training config that carries its device: the field is the autodiff backend's device.
pub struct TrainConfig {
    pub device: Device,
    pub steps: usize,
}

impl TrainConfig {
    /// One backward pass on the config's device: gradients only where the device is autodiff.
    pub fn has_gradients(&self) -> bool {
        let x = Tensor::<1>::ones([2], &self.device).require_grad();
        let grads = (x.clone() * x.clone()).sum().backward();
        x.grad(&grads).is_some()
    }
}

pub fn config() -> TrainConfig {
    TrainConfig { device: Device::flex().autodiff(), steps: 1 }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_config_trains() {
        assert!(super::config().has_gradients());
    }
}
