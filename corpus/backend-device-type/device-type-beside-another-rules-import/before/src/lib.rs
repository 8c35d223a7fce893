use burn::tensor::backend::AutodiffBackend;

/// Trains on the device it is given: an autodiff one in 0.21, by its type.
pub fn train<B: AutodiffBackend>(device: B::Device) -> usize {
    let x = burn::tensor::Tensor::<B, 1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

/// The turbofish's drop imports `Device` and `DeviceKind` at the place where `B::Device`'s
/// rewrite imports `Device`.
pub fn run() -> usize {
    let device = Default::default();
    train::<burn::backend::Autodiff<burn::backend::Wgpu>>(device)
}
