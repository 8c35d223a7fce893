use burn::tensor::{Device, Tensor};
/// Shape checks on a small model: nothing here loads weights, and the
/// slow checks are left to `--ignored` runs.

pub fn zeros_shape(device: &Device) -> [usize; 2] {
    Tensor::<2>::zeros([2, 3], device).dims()
}
