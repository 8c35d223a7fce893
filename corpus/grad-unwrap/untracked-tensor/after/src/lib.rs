use burn::prelude::*;

/// `x` is built here and never `require_grad`-ed: its gradient is `None` (the finding).
pub fn untracked(device: &Device) -> Tensor<1> {
    let device = &device.clone().autodiff();
    let x = Tensor::<1>::ones([3], device);
    let grads = (x.clone() * 2.0).sum().backward();
    x.grad(&grads).unwrap()
}

/// Near miss: tracked.
pub fn tracked(device: &Device) -> Tensor<1> {
    let device = &device.clone().autodiff();
    let w = Tensor::<1>::ones([3], device).require_grad();
    let grads = (w.clone() * 2.0).sum().backward();
    w.grad(&grads).unwrap()
}
