use burn::tensor::TensorData;

/// The reference values a test compares against.
pub fn expected_data() -> Result<TensorData, String> {
    Ok(TensorData::new(vec![1.0f32, 2.0], [2]))
}

pub fn reference_data() -> TensorData {
    TensorData::new(vec![0.5f32], [1])
}

/// Not a `TensorData`: a project struct with a field of the same name.
pub struct Dims {
    pub shape: Vec<usize>,
}

pub fn expected_dims() -> Dims {
    Dims { shape: vec![2] }
}
