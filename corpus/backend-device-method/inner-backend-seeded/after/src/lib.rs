use burn::tensor::{Device, Distribution, Tensor};

/// Seeds the autodiff backend and its inner one (0.21 passed the seed on to the inner backend's
/// generator), through a plain and a qualified path: each is the device's own call in 0.22.1.
pub fn sample(device: &Device) -> usize {
    let device = &device.clone().autodiff();
    device.seed(7);
    device.seed(7);
    device.seed(7);
    Tensor::<1>::random([3], Distribution::Default, device).dims()[0]
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    #[test]
    fn seeded_sample() {
        assert_eq!(super::sample(&Device::flex().autodiff()), 3);
    }
}
