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

/// The model moves to the training device, then a loss through it is differentiated.
pub fn first_grads<B: AutodiffBackend>(model: Model<B>, device: B::Device) -> B::Gradients {
    let model = model.to_device(&device);
    let x = Tensor::<B, 2>::ones([8, 4], &device);
    model.forward(x).sum().backward()
}

/// Near miss: moved for inference only (no backward after it).
pub fn moved_forward<B: AutodiffBackend>(model: Model<B>, device: B::Device) -> Tensor<B, 2> {
    let model = model.to_device(&device);
    model.forward(Tensor::ones([8, 4], &device))
}

pub fn build<B: Backend>(device: &B::Device) -> Model<B> {
    Model { fc: LinearConfig::new(4, 2).init(device) }
}
