use burn::module::AutodiffModule;
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    lin: Linear<B>,
}

/// Runs on whatever backend its model is on: 0.21 inferred it from the model passed.
fn evaluate<B: Backend>(model: &Net<B>, device: &B::Device) -> usize {
    let x = Tensor::<B, 2>::ones([3, 2], device);
    model.lin.forward(x).dims()[0]
}

fn step<B: AutodiffBackend>(model: &Net<B>, device: &B::Device) -> usize {
    let x = Tensor::<B, 2>::ones([1, 2], device).require_grad();
    let _grads = model.lin.forward(x).sum().backward();
    1
}

/// The training loop: `evaluate` got `model.valid()`, so 0.21 ran it on the inner backend with
/// this same device value; 0.22.1's device is autodiff here, so the call gets the plain one.
pub fn train<B: AutodiffBackend>(device: B::Device) -> usize {
    let model = Net::<B> { lin: LinearConfig::new(2, 1).init(&device) };
    let steps = step(&model, &device);
    let valid = model.valid();
    steps + evaluate(&valid, &device) + evaluate(&model.valid(), &device)
}
