use burn::module::{Module, Param};
use burn::tensor::{Device, Tensor};

/// Written bare, `Model` is the training model.
#[derive(Module, Debug)]
pub struct Model {
    w: Param<Tensor<1>>,
}

impl Model {
    pub fn new(device: &Device) -> Self {
        Self { w: Param::from_tensor(Tensor::ones([2], device)) }
    }
}

pub fn gradient_norm(model: &Model) -> f32 {
    let loss = model.w.val().sum();
    let grads = loss.backward();
    model.w.grad(&grads).map(|g| g.sum().into_scalar::<f32>()).unwrap_or(0.0)
}
