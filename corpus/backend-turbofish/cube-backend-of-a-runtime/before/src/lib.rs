use burn::backend::wgpu::{CubeBackend, WgpuRuntime};
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

/// `CubeBackend<WgpuRuntime, ..>` is what 0.21's `Wgpu` is made of: its device is wgpu's, the
/// same `let` serves the plain and the autodiff call, and f32 / i32 are wgpu's own defaults (the
/// `u32` is the bool storage, no element type of a tensor).
pub fn both() {
    type MyBackend = CubeBackend<WgpuRuntime, f32, i32, u32>;
    type MyAutodiffBackend = burn::backend::Autodiff<MyBackend>;
    let device = Default::default();
    println!("{}", forward::<MyBackend>(&device));
    println!("{}", gradient::<MyAutodiffBackend>(&device));
}

/// f16 floats are chosen with the backend: the device must be configured, a person's call.
pub fn half() {
    type Half = CubeBackend<WgpuRuntime, burn::tensor::f16, i32, u32>;
    let device = Default::default();
    println!("{}", forward::<Half>(&device));
}
