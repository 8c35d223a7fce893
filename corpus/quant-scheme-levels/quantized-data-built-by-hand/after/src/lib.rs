use burn::tensor::quantization::{QuantLevel, QuantScheme, QuantValue};
use burn::tensor::TensorData;

/// Int8 weights with their scales, built by hand: 0.22.1 takes a fifth argument.
pub fn q8_data(vals: Vec<i8>, scale: f32) -> TensorData {
    let scheme = QuantScheme::default().with_value(QuantValue::Q8S);
    TensorData::quantized(vals, [2, 4], scheme, &[scale], None)
}

/// The scheme's fields are private in 0.22.1: each read is a finding.
pub fn block_len(scheme: &QuantScheme, numel: usize) -> usize {
    match &scheme.level {
        QuantLevel::Block(bs) => bs.as_slice()[0] as usize,
        QuantLevel::Tensor => numel,
    }
}

pub fn f32_scales(scheme: &QuantScheme) -> bool {
    format!("{:?}", scheme.param) == "F32"
}

/// `level` of something else is not the scheme's.
pub struct Dial {
    pub level: u8,
}

pub fn dial_level(dial: &Dial) -> u8 {
    dial.level
}
