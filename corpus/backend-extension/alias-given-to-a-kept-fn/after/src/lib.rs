use burn::prelude::*;
use burn::backend::tensor::FloatTensor;
use burn::backend::Backend;

/// The project's alias of a backend that is still a backend type in 0.22.1.
type Fast = burn::backend::Flex;

/// Kept generic: a backend op uses `B`.
pub fn exp<B: Backend>(x: FloatTensor<B>) -> FloatTensor<B> {
    B::float_exp(x)
}

/// Calls the kept fn with the alias: the turbofish and the primitives keep `Fast`.
pub fn exp_on_fast(x: FloatTensor<Fast>) -> FloatTensor<Fast> {
    exp::<Fast>(x)
}

/// Erased: the prelude's `Tensor` stays in use.
pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([1], device)
}
