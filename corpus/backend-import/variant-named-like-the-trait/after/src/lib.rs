use burn::tensor::{Device, Tensor};

/// The project's error, with a variant named like burn's backend trait.
#[derive(Debug)]
pub enum RunError {
    Backend { context: String },
}

pub struct Runner {
    pub device: Device,
}

impl Runner {
    pub fn read(&self, t: Tensor<1>) -> Result<Vec<f32>, RunError> {
        t.into_data().try_to_vec::<f32>().map_err(|e| RunError::Backend { context: format!("{e:?}") })
    }
}
