use burn::tensor::{Device, Tensor};

/// Another crate's `train`: the device first, by reference, and the steps after it.
pub fn train(device: &Device, steps: usize) -> usize {
    let device = &device.clone().autodiff();
    let x = Tensor::<1>::ones([steps], device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).unwrap().dims()[0]
}

pub fn tune() -> usize {
    let device = Device::flex();
    train(&device.autodiff(), 4)
}
