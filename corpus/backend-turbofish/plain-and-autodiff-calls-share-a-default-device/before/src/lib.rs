use burn::backend::{Autodiff, Wgpu};
use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::{Distribution, Tensor};

pub fn forward<B: Backend>(device: &B::Device) -> usize {
    let x = Tensor::<B, 2>::random([2, 2], Distribution::Default, device);
    x.clone().matmul(x).dims()[0]
}

pub fn gradient<B: AutodiffBackend>(device: &B::Device) -> bool {
    let x = Tensor::<B, 2>::ones([2, 2], device).require_grad();
    let grads = x.clone().mul(x.clone()).sum().backward();
    x.grad(&grads).is_some()
}

/// One untyped default device serves a plain and an autodiff call of one backend: in 0.21 both
/// typed it as `WgpuDevice`, so it is wgpu's device, and the autodiff call gets it made autodiff.
pub fn both() {
    let device = Default::default();
    println!("{}", forward::<Wgpu>(&device));
    println!("{}", gradient::<Autodiff<Wgpu>>(&device));
}

/// Two backends' calls (only the `i32` / `i64` integers differ in 0.21): not one device, asked.
pub fn two_backends() {
    let device = Default::default();
    println!("{}", forward::<Wgpu<f32, i64>>(&device));
    println!("{}", gradient::<Autodiff<Wgpu>>(&device));
}
