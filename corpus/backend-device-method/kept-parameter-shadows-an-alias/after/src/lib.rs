use burn::prelude::*;
use burn::backend::tensor::FloatTensor;
use burn::backend::Backend;

/// Kept generic: a backend op uses `B`, so `B::sync` stays burn-backend's.
pub struct Bench<B: Backend> {
    pub device: B::Device,
}

impl<B: Backend> Bench<B> {
    pub fn sync(&self) {
        B::sync(&self.device).unwrap();
    }

    pub fn exp(x: FloatTensor<B>) -> FloatTensor<B> {
        B::float_exp(x)
    }
}

/// Erased: the prelude's `Tensor` stays in use.
pub fn zeros(device: &Device) -> Tensor<1> {
    Tensor::zeros([1], device)
}

#[cfg(test)]
mod tests {
    use burn::prelude::*;

    #[test]
    fn seeded() {
        let device = Device::flex();
        device.seed(1);
        assert_eq!(Tensor::<1>::zeros([1], &device).dims(), [1]);
    }
}
