use burn::tensor::Tensor;

use crate::Encoder;

impl Encoder {
    pub fn embed(&self, samples: &[f32]) -> Tensor<1> {
        Tensor::from_floats(samples, &self.device.clone())
    }
}
