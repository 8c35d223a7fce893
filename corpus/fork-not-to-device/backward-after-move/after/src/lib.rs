use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::tensor::Gradients;

#[derive(Module, Debug)]
pub struct Model {
    fc: Linear,
}

impl Model {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

/// The model moves to the training device, then a loss through it is differentiated.
pub fn first_grads(model: Model, device: Device) -> Gradients {
    let device = device.autodiff();
    let model = model.fork(&device);
    let x = Tensor::<2>::ones([8, 4], &device);
    model.forward(x).sum().backward()
}

/// Near miss: moved for inference only (no backward after it).
pub fn moved_forward(model: Model, device: Device) -> Tensor<2> {
    let model = model.valid();
    let device = device.inner();
    let model = model.to_device(&device);
    model.forward(Tensor::ones([8, 4], &device))
}

pub fn build(device: &Device) -> Model {
    Model { fc: LinearConfig::new(4, 2).init(device) }
}
