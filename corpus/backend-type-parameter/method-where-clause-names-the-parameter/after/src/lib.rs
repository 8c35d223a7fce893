use burn::prelude::*;
use burn::backend::Backend;

pub trait Quantizable: Backend {}

pub fn quantize_all<B: Quantizable>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    x
}

#[derive(Module, Debug)]
pub struct Gpt {
    pub w: nn::Linear,
}

impl Gpt {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.w.forward(x)
    }

    pub fn quantize(self, x: Tensor<2>) -> Tensor<2>
    where
        B: Quantizable,
    {
        quantize_all(x)
    }
}

impl Quantizable for burn::backend::Flex {}

/// A caller whose backend the argument type named: after the erasure nothing names it.
pub fn quantize_on_flex(x: Tensor<2>) -> Tensor<2> {
    quantize_all(x)
}
