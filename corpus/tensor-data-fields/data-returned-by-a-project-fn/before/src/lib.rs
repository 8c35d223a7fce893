pub mod reference;

use burn::tensor::{DType, TensorData};

use crate::reference::{expected_data, expected_dims, reference_data};

pub fn same_dtype() -> bool {
    let expected = expected_data().unwrap();
    expected.dtype == DType::F32 && reference_data().dtype == DType::F32
}

pub fn rank() -> usize {
    let data: TensorData = reference::reference_data();
    let dims = expected_dims();
    let ours = dims.shape.len();
    data.shape.len() + ours
}
