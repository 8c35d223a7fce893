use burn::tensor::quantization::{QuantLevel, QuantScheme, QuantStore, QuantValue};

/// Built from the default scheme: 0.21's default scale dtype (F32) and no level before.
pub fn int4_blocks(block: usize) -> QuantScheme {
    QuantScheme::default()
        .with_value(QuantValue::Q4S)
        .with_level(QuantLevel::block([block as u8]))
        .with_store(QuantStore::PackedU32(0))
}

/// Per-tensor, from the default scheme.
pub fn int8_tensor() -> QuantScheme {
    QuantScheme::default().with_value(QuantValue::Q8S).with_level(QuantLevel::Tensor)
}

/// From a scheme the caller built: its scale dtype and level are not known here (review).
pub fn blocks_of(scheme: QuantScheme, block: Option<u8>) -> QuantScheme {
    match block {
        Some(b) => scheme.with_level(QuantLevel::block([b])),
        None => scheme.with_level(QuantLevel::Tensor),
    }
}
