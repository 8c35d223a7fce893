use burn::tensor::{Device, Tensor, TensorData};

/// Row sums, built on the inference backend through a fn-local alias.
pub fn row_sums(rows: &[[f32; 2]], device: &Device) -> Vec<f32> {
    let flat: Vec<f32> = rows.iter().flatten().copied().collect();
    let t = Tensor::<2>::from_data(TensorData::new(flat, [rows.len(), 2]), device);
    t.sum_dim(1).into_data().try_to_vec().unwrap()
}

/// A second fn-local alias of the same name, in its own block.
pub fn total(xs: &[f32], device: &Device) -> f32 {
    Tensor::<1>::from_floats(xs, device).sum().into_scalar()
}
