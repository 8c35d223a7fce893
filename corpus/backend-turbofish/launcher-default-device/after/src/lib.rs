use burn::prelude::*;

pub fn run(epochs: usize, device: Device) {
    let device = device.autodiff();
    for _ in 0..epochs {
        let x = Tensor::<1>::ones([2], &device).require_grad();
        let _grads = x.sum().backward();
    }
}

/// The launcher: the backend type chose the device.
pub fn main_entry() {
    run(10, Device::wgpu(DeviceKind::DefaultDevice).autodiff());
}
