use burn::tensor::Tensor;
use burn::tensor::backend::Backend;

use crate::Encoder;

impl<B> Encoder<B>
where
    B: Backend,
    B::Device: Clone,
{
    pub fn embed(&self, samples: &[f32]) -> Tensor<B, 1> {
        Tensor::from_floats(samples, &self.device.clone())
    }
}
