use burn::prelude::*;
use burn::tensor::{DType, Shape, TensorData};

pub fn describe(data: &TensorData) -> String {
    format!("{:?} {:?} ({} bytes)", data.dtype, data.shape.num_dims(), data.bytes.len())
}

pub fn is_f32(t: Tensor<burn::backend::Flex, 2>) -> bool {
    t.into_data().dtype == DType::F32
}

pub fn rows(t: &Tensor<burn::backend::Flex, 2>) -> usize {
    let data = t.to_data();
    let shape: Shape = data.shape;
    shape.num_elements() + data_rank(&t.to_data())
}

fn data_rank(data: &TensorData) -> usize {
    let dims = &data.shape;
    dims.num_dims()
}

/// A struct of the project with fields of the same names: left alone.
pub struct Meta {
    pub dtype: DType,
    pub shape: Vec<usize>,
}

pub fn meta_rank(meta: Meta) -> usize {
    let data = meta;
    data.shape.len() + usize::from(data.dtype == DType::F32)
}
