use burn::prelude::*;

pub struct App<B: Backend> {
    pub model: model_crate::Model<B>,
}

impl<B: Backend> App<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { model: model_crate::Model::<B>::new(device) }
    }

    pub fn predict(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.model.forward(x)
    }
}
