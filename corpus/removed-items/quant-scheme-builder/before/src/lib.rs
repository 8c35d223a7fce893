use burn::tensor::quantization::{QuantScheme, QuantValue};

/// A block-wise int8 scheme, built with 0.21's (cubecl 0.10's) builder.
pub fn int8_blocks(block: u8) -> QuantScheme {
    QuantScheme::default()
        .with_value(QuantValue::Q8S)
        .with_level(burn::tensor::quantization::QuantLevel::block([block]))
}

/// The builder methods that still exist: left alone.
pub fn int4(scheme: QuantScheme) -> QuantScheme {
    scheme.with_value(QuantValue::Q4S)
}
