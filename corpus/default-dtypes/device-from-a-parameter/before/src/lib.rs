use burn::prelude::*;
use burn::tensor::{DType, set_default_dtypes};

/// The device comes from the caller: configuring it here would need `&mut`, and its tensors
/// may already exist.
pub fn half_precision<B: Backend>(device: &B::Device) {
    set_default_dtypes::<B>(device, DType::F16, DType::I32).expect("before the first tensor");
}
