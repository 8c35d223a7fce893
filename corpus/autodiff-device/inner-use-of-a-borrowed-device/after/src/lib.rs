use burn::prelude::*;

pub struct Scorer {
    weights: Tensor<1>,
}

impl Scorer {
    pub fn new(device: &Device) -> Self {
        Self { weights: Tensor::ones([3], device) }
    }

    pub fn len(&self) -> usize {
        self.weights.dims()[0]
    }
}

/// Trains on the autodiff device; scores with a plain scorer built on the same device.
pub fn step(device: &Device) -> usize {
    let device = &device.clone().autodiff();
    let x = Tensor::<2>::zeros([2, 2], device).require_grad();
    let _grads = x.sum().backward();
    Scorer::new(&device.clone().inner()).len()
}
