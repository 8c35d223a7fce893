use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model {
    fc: Linear,
}

impl Model {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

/// Generic over an autodiff backend, yet it only builds a model and runs it forward.
pub fn predict(device: Device) -> Tensor<2> {
    let device = device.inner();
    let model: Model = Model { fc: LinearConfig::new(4, 2).init(&device) };
    let x = Tensor::<2>::ones([8, 4], &device);
    model.forward(x)
}

/// Near miss: it takes gradients, so it keeps the autodiff device.
pub fn loss_grads(device: Device) {
    let device = device.autodiff();
    let model: Model = Model { fc: LinearConfig::new(4, 2).init(&device) };
    let x = Tensor::<2>::ones([8, 4], &device);
    let _grads = model.forward(x).sum().backward();
}
