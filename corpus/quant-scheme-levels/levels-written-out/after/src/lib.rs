use burn::tensor::quantization::{QuantScheme, QuantStore, QuantValue, ScaleDtype};

/// Built from the default scheme: 0.21's default scale dtype (F32) and no level before.
pub fn int4_blocks(block: usize) -> QuantScheme {
    QuantScheme::default()
        .with_value(QuantValue::Q4S)
        .per_block([block as u8], ScaleDtype::F32)
        .with_store(QuantStore::PackedU32(0))
}

/// Per-tensor, from the default scheme.
pub fn int8_tensor() -> QuantScheme {
    QuantScheme::default().with_value(QuantValue::Q8S).per_tensor(ScaleDtype::F32)
}

/// From a scheme the caller built: its scale dtype and level are not known here (review).
pub fn blocks_of(scheme: QuantScheme, block: Option<u8>) -> QuantScheme {
    match block {
        Some(b) => scheme.per_block([b], ScaleDtype::F32),
        None => scheme.per_tensor(ScaleDtype::F32),
    }
}
