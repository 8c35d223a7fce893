mod backend;

use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

fn train<B: AutodiffBackend>(device: B::Device) -> f32 {
    let x = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let grads = (x.clone() * x.clone()).sum().backward();
    x.grad(&grads).unwrap().sum().into_scalar().elem::<f32>()
}

fn infer<B: Backend>(device: &B::Device) -> usize {
    Tensor::<B, 1>::zeros([3], device).dims()[0]
}

fn main() {
    let device = backend::device();
    backend::InferBackend::seed(&device, 7);
    println!("{}", train::<backend::TrainBackend>(device.clone()));
    println!("{}", infer::<backend::InferBackend>(&device));
}
