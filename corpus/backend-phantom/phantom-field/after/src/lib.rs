use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct Normalizer {
    pub mean: f32,
    pub std: f32,
}

impl Normalizer {
    pub fn new(mean: f32, std: f32) -> Self {
        Self { mean, std }
    }

    pub fn apply(&self, x: Tensor<2>) -> Tensor<2> {
        x.sub_scalar(self.mean).div_scalar(self.std)
    }
}
