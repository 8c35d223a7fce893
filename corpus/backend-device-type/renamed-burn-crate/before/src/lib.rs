use nn::tensor::{backend::Backend, Tensor};

pub struct Probe<B: Backend> {
    device: B::Device,
}

impl<B: Backend> Probe<B> {
    pub fn new(device: B::Device) -> Self {
        Self { device }
    }

    pub fn zeros(&self) -> Tensor<B, 1> {
        Tensor::zeros([2], &self.device)
    }
}
