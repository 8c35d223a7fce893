use std::collections::HashMap;
use burn::tensor::Device;

pub struct Loader<'a> {
    values: &'a HashMap<String, Vec<f32>>,
    device: Device,
}

impl Loader<'_> {
    pub fn tensor(&self, key: &str) -> Option<burn::tensor::Tensor<1>> {
        use burn::tensor::TensorData;
        let values = self.values.get(key)?;
        let data = TensorData::new(values.clone(), [values.len()]);
        Some(burn::tensor::Tensor::from_data(data, &self.device))
    }
}
