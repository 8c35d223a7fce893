use burn::prelude::*;

pub fn step(device: &Device) {
    let device = &device.clone().autodiff();
    let x = Tensor::<2>::zeros([2, 2], device).require_grad();
    let _grads = x.sum().backward();
}
