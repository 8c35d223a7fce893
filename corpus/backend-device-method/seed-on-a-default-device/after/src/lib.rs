/// Another library's device type, imported under the name burn 0.22.1 gives its own.
pub mod other {
    #[derive(Debug, Default)]
    pub struct Device;
}
use other::Device;

pub fn other_device() -> Device {
    Device
}

pub fn seed_burn(seed: Option<u64>) {
    if let Some(seed) = seed {
        burn::tensor::Device::flex().seed(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::{Distribution, Tensor};

    #[test]
    fn one_seed_draws_the_same_numbers() {
        let device = burn::tensor::Device::flex();
        seed_burn(Some(7));
        let a = Tensor::<1>::random([8], Distribution::Default, &device).into_data();
        seed_burn(Some(7));
        let b = Tensor::<1>::random([8], Distribution::Default, &device).into_data();
        assert_eq!(a, b);
        let _ = other_device();
    }
}
