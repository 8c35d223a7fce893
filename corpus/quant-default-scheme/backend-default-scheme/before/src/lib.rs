use burn::module::{ModuleMapper, Param};
use burn::tensor::Tensor;
use burn::tensor::backend::Backend;
use burn::tensor::ops::QuantizedTensor;
use burn::tensor::quantization::{QTensorPrimitive, QuantScheme, QuantValue};

/// The backend's default symmetric Q8 scheme.
pub fn q8_scheme<B: Backend>() -> QuantScheme {
    <QuantizedTensor<B> as QTensorPrimitive>::default_scheme().with_value(QuantValue::Q8S)
}

/// Quantizes every weight with the backend's scheme (Lumen-Hub's runtime quantizer, in short).
pub struct Quantizer<B: Backend> {
    scheme: QuantScheme,
    _backend: core::marker::PhantomData<B>,
}

impl<B: Backend> Quantizer<B> {
    pub fn new() -> Self {
        Self { scheme: q8_scheme::<B>(), _backend: core::marker::PhantomData }
    }
}

impl<B: Backend> ModuleMapper<B> for Quantizer<B> {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<B, D>>) -> Param<Tensor<B, D>> {
        param.map(|tensor| tensor.quantize_dynamic(&self.scheme))
    }
}
