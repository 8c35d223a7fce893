use burn::tensor::quantization::{QuantScheme, QuantValue, ScaleDtype};

/// The level and its scale dtype, set apart in 0.21, are one call in 0.22.1.
pub fn scheme() -> QuantScheme {
    QuantScheme::default()
        .with_value(QuantValue::Q8S)
        .per_tensor(ScaleDtype::F16)
}

/// The scale dtype set before the level.
pub fn block_scheme() -> QuantScheme {
    QuantScheme::default()
        .per_block([32], ScaleDtype::BF16)
}

