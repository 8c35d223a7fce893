use burn::tensor::{Device, DeviceKind, Distribution, Tensor};

pub fn forward(device: &Device) -> usize {
    let x = Tensor::<2>::random([2, 2], Distribution::Default, device);
    x.clone().matmul(x).dims()[0]
}

pub fn gradient(device: &Device) -> bool {
    let device = &device.clone().autodiff();
    let x = Tensor::<2>::ones([2, 2], device).require_grad();
    let grads = x.clone().mul(x.clone()).sum().backward();
    x.grad(&grads).is_some()
}

/// `CubeBackend<WgpuRuntime, ..>` is what 0.21's `Wgpu` is made of: its device is wgpu's, the
/// same `let` serves the plain and the autodiff call, and f32 / i32 are wgpu's own defaults (the
/// `u32` is the bool storage, no element type of a tensor).
pub fn both() {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    println!("{}", forward(&device));
    println!("{}", gradient(&device.autodiff()));
}

/// f16 floats are chosen with the backend: the device must be configured, a person's call.
pub fn half() {
    let device = Default::default();
    println!("{}", forward(&device));
}
