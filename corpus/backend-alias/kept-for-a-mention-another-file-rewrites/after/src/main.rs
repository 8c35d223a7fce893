mod backend;

use burn::prelude::*;

fn train(device: Device) -> f32 {
    let device = device.autodiff();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let grads = (x.clone() * x.clone()).sum().backward();
    x.grad(&grads).unwrap().sum().into_scalar::<f32>()
}

fn infer(device: &Device) -> usize {
    Tensor::<1>::zeros([3], device).dims()[0]
}

fn main() {
    let device = backend::device();
    device.seed(7);
    println!("{}", train(device.clone()));
    println!("{}", infer(&device));
}
