use burn::prelude::*;

pub struct App {
    pub model: model_crate::Model,
}

impl App {
    pub fn new(device: &Device) -> Self {
        Self { model: model_crate::Model::new(device) }
    }

    pub fn predict(&self, x: Tensor<2>) -> Tensor<2> {
        self.model.forward(x)
    }
}
