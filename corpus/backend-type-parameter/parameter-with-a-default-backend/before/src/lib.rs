use burn::backend::{Autodiff, Flex};
use burn::module::{Module, Param};
use burn::tensor::{backend::Backend, Tensor};

/// Written bare, `Model` is the training model.
#[derive(Module, Debug)]
pub struct Model<B: Backend = Autodiff<Flex>> {
    w: Param<Tensor<B, 1>>,
}

impl<B: Backend> Model<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { w: Param::from_tensor(Tensor::ones([2], device)) }
    }
}

pub fn gradient_norm(model: &Model) -> f32 {
    let loss = model.w.val().sum();
    let grads = loss.backward();
    model.w.grad(&grads).map(|g| g.sum().into_scalar()).unwrap_or(0.0)
}
