use burn::tensor::quantization::{QuantLevel, QuantParam, QuantScheme, QuantValue};

/// The level and its scale dtype, set apart in 0.21, are one call in 0.22.1.
pub fn scheme() -> QuantScheme {
    QuantScheme::default()
        .with_value(QuantValue::Q8S)
        .with_level(QuantLevel::Tensor)
        .with_param(QuantParam::F16)
}

/// The scale dtype set before the level.
pub fn block_scheme() -> QuantScheme {
    QuantScheme::default()
        .with_param(QuantParam::BF16)
        .with_level(QuantLevel::block([32]))
}

