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

/// One untyped default device serves a plain and an autodiff call of one backend: in 0.21 both
/// typed it as `WgpuDevice`, so it is wgpu's device, and the autodiff call gets it made autodiff.
pub fn both() {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    println!("{}", forward(&device));
    println!("{}", gradient(&device.autodiff()));
}

/// Two backends' calls (only the `i32` / `i64` integers differ in 0.21): not one device, asked.
pub fn two_backends() {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    println!("{}", forward(&device));
    println!("{}", gradient(&device.autodiff()));
}
