use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

/// The project's error, with a variant named like burn's backend trait.
#[derive(Debug)]
pub enum RunError {
    Backend { context: String },
}

pub struct Runner<B: Backend> {
    pub device: B::Device,
}

impl<B: Backend> Runner<B> {
    pub fn read(&self, t: Tensor<B, 1>) -> Result<Vec<f32>, RunError> {
        t.into_data().to_vec::<f32>().map_err(|e| RunError::Backend { context: format!("{e:?}") })
    }
}
