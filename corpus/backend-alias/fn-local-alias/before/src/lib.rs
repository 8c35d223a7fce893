use burn::backend::ndarray::NdArrayDevice;
use burn::tensor::{Tensor, TensorData};

/// The CPU inference backend.
type InfB = burn::backend::NdArray<f32>;

/// Row sums, built on the inference backend through a fn-local alias.
pub fn row_sums(rows: &[[f32; 2]], device: &NdArrayDevice) -> Vec<f32> {
    type B = InfB;
    let flat: Vec<f32> = rows.iter().flatten().copied().collect();
    let t = Tensor::<B, 2>::from_data(TensorData::new(flat, [rows.len(), 2]), device);
    t.sum_dim(1).into_data().to_vec().unwrap()
}

/// A second fn-local alias of the same name, in its own block.
pub fn total(xs: &[f32], device: &NdArrayDevice) -> f32 {
    type B = InfB;
    Tensor::<B, 1>::from_floats(xs, device).sum().into_scalar()
}
