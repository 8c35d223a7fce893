use burn::tensor::{Device, DeviceKind};

/// Trains on the device it is given: an autodiff one in 0.21, by its type.
pub fn train(device: Device) -> usize {
    let device = device.autodiff();
    let x = burn::tensor::Tensor::<1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

/// The turbofish's drop imports `Device` and `DeviceKind` at the place where `B::Device`'s
/// rewrite imports `Device`.
pub fn run() -> usize {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    train(device.autodiff())
}
