use burn::prelude::*;
use burn::tensor::ops::FloatTensor;

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
pub fn zeros<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::zeros([1], device)
}

#[cfg(test)]
mod tests {
    use burn::prelude::*;

    /// A test alias of the same name as the parameter above.
    type B = burn::backend::Flex;

    #[test]
    fn seeded() {
        let device = burn::backend::flex::FlexDevice;
        B::seed(&device, 1);
        assert_eq!(Tensor::<B, 1>::zeros([1], &device).dims(), [1]);
    }
}
