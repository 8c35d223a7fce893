use burn::backend::{Autodiff, Wgpu};
use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::{Distribution, Tensor};

pub fn noise<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    Tensor::random([2, 2], Distribution::Default, device)
}

pub fn grad_of_sum<B: AutodiffBackend>(x: Tensor<B, 2>) -> Tensor<B::InnerBackend, 2> {
    let x = x.require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).unwrap()
}

pub fn demo() -> [usize; 2] {
    let device = Default::default();
    noise::<Autodiff<Wgpu>>(&device).dims()
}
