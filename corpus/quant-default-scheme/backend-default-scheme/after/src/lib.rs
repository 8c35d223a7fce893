use burn::module::{ModuleMapper, Param};
use burn::tensor::Tensor;
use burn::tensor::quantization::{QuantScheme, QuantValue};

/// The backend's default symmetric Q8 scheme.
pub fn q8_scheme() -> QuantScheme {
    QuantScheme::default().with_value(QuantValue::Q8S)
}

/// Quantizes every weight with the backend's scheme (Lumen-Hub's runtime quantizer, in short).
pub struct Quantizer {
    scheme: QuantScheme,
}

impl Quantizer {
    pub fn new() -> Self {
        Self { scheme: q8_scheme() }
    }
}

impl ModuleMapper for Quantizer {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        param.map(|tensor| tensor.quantize_dynamic(&self.scheme))
    }
}
