use burn::prelude::*;
use burn::tensor::{DType, FloatDType, IntDType};

/// The device comes from the caller: configuring it here would need `&mut`, and its tensors
/// may already exist.
pub fn half_precision(device: &Device) {
    device.clone().configure((FloatDType::from(DType::F16), IntDType::from(DType::I32))).expect("before the first tensor");
}
