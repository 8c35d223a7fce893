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

/// The same default, spelled by its full path.
pub fn main_by_path() {
    run(10, Device::wgpu(DeviceKind::DefaultDevice).autodiff());
}

/// The same default, spelled with an inferred type.
pub fn main_inferred() {
    run(10, Device::wgpu(DeviceKind::DefaultDevice).autodiff());
}
