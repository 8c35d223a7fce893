use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::{Distribution, Tensor};

/// Seeds the autodiff backend and its inner one (0.21 passed the seed on to the inner backend's
/// generator), through a plain and a qualified path: each is the device's own call in 0.22.1.
pub fn sample<TB>(device: &TB::Device) -> usize
where
    TB: AutodiffBackend,
{
    TB::seed(device, 7);
    TB::InnerBackend::seed(device, 7);
    <TB as AutodiffBackend>::InnerBackend::seed(device, 7);
    Tensor::<TB, 1>::random([3], Distribution::Default, device).dims()[0]
}

#[cfg(test)]
mod tests {
    use burn::backend::{Autodiff, Flex};

    #[test]
    fn seeded_sample() {
        assert_eq!(super::sample::<Autodiff<Flex>>(&Default::default()), 3);
    }
}
