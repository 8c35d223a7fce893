use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Model<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}

/// Generic over an autodiff backend, yet it only builds a model and runs it forward.
pub fn predict<B: AutodiffBackend>(device: B::Device) -> Tensor<B, 2> {
    let model: Model<B> = Model { fc: LinearConfig::new(4, 2).init(&device) };
    let x = Tensor::<B, 2>::ones([8, 4], &device);
    model.forward(x)
}

/// Near miss: it takes gradients, so it keeps the autodiff device.
pub fn loss_grads<B: AutodiffBackend>(device: B::Device) {
    let model: Model<B> = Model { fc: LinearConfig::new(4, 2).init(&device) };
    let x = Tensor::<B, 2>::ones([8, 4], &device);
    let _grads = model.forward(x).sum().backward();
}
