use burn::tensor::quantization::{QuantParam, QuantScheme, QuantValue};

/// A block-wise int8 scheme with the caller's scale dtype, built with 0.21's (cubecl 0.10's)
/// builder: the scale dtype moves into 0.22.1's `per_block`, which no rule writes for a dtype
/// that is not written out (a `QuantParam` value is not a `ScaleDtype`).
pub fn int8_blocks(block: u8, scale: QuantParam) -> QuantScheme {
    QuantScheme::default()
        .with_value(QuantValue::Q8S)
        .with_param(scale)
        .with_level(burn::tensor::quantization::QuantLevel::block([block]))
}

/// The builder methods that still exist: left alone.
pub fn int4(scheme: QuantScheme) -> QuantScheme {
    scheme.with_value(QuantValue::Q4S)
}
