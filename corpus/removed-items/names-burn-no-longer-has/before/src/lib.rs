use burn::tensor::quantization::QuantLevel;
use burn::tensor::quantization::QuantScheme;

/// Per-tensor quantization, the 0.21 way (`QuantLevel` is gone in 0.22.1).
pub fn per_tensor() -> QuantLevel {
    QuantLevel::Tensor
}

/// The default scheme: still there.
pub fn scheme() -> QuantScheme {
    QuantScheme::default()
}
