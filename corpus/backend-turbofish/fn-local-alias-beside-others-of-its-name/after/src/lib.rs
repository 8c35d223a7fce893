//! Fn-local backend aliases (`type B = Flex; type AutodiffB = Autodiff<B>;` inside a fn) in a
//! project where other modules give `B` another backend.
use burn::prelude::*;

pub mod inference {
}

/// One gradient step's worth of work on the device it is given.
pub fn train(device: Device) -> bool {
    let device = device.autodiff();
    let x = Tensor::<1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

/// Trains on the CPU backend this fn names.
pub fn run() -> bool {
    let device = Device::flex();
    train(device.autodiff())
}

#[cfg(test)]
mod tests {
    fn len(x: burn::tensor::Tensor<1>) -> usize {
        x.dims()[0]
    }

    #[test]
    fn trains_on_an_autodiff_device() {
        assert!(super::run());
        let _ = len;
    }
}
