use burn::prelude::*;

/// One training step: its gradients need an autodiff device.
pub fn train(device: Device) -> bool {
    let device = device.autodiff();
    let x = Tensor::<1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

/// The launchers: the turbofish chose the backend, the argument makes its device.
pub fn on_flex() -> bool {
    train(Device::flex().autodiff())
}

pub fn on_flex_by_default() -> bool {
    train(Device::flex().autodiff())
}

/// `WgpuDevice` was Metal's device too: 0.22.1 names Metal's apart.
#[cfg(feature = "metal")]
pub fn on_metal() -> bool {
    train(Device::metal(DeviceKind::DefaultDevice).autodiff())
}

/// The same through a local: its every turbofish names Metal.
#[cfg(feature = "metal")]
pub fn on_metal_through_a_local() -> bool {
    let device = Device::metal(DeviceKind::DefaultDevice);
    train(device.autodiff())
}

#[cfg(feature = "cuda")]
pub fn on_cuda() -> bool {
    train(Device::cuda(1).autodiff())
}

#[cfg(test)]
mod tests {
    #[test]
    fn gradients_on_the_launchers_devices() {
        assert!(super::on_flex());
        assert!(super::on_flex_by_default());
    }
}
