//! Fn-local backend aliases (`type B = Flex; type AutodiffB = Autodiff<B>;` inside a fn) in a
//! project where other modules give `B` another backend.
use burn::backend::{Autodiff, Flex};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub mod inference {
    pub type B = burn::backend::NdArray;
}

/// One gradient step's worth of work on the device it is given.
pub fn train<B: AutodiffBackend>(device: B::Device) -> bool {
    let x = Tensor::<B, 1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

/// Trains on the CPU backend this fn names.
pub fn run() -> bool {
    type B = Flex;
    type AutodiffB = Autodiff<B>;
    let device = Default::default();
    train::<AutodiffB>(device)
}

#[cfg(test)]
mod tests {
    type B = burn::backend::NdArray;

    fn len(x: burn::tensor::Tensor<B, 1>) -> usize {
        x.dims()[0]
    }

    #[test]
    fn trains_on_an_autodiff_device() {
        assert!(super::run());
        let _ = len;
    }
}
