use burn::prelude::*;

pub trait Quantizable: Backend {}

pub fn quantize_all<B: Quantizable>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    x
}

#[derive(Module, Debug)]
pub struct Gpt<B: Backend> {
    pub w: nn::Linear<B>,
}

impl<B: Backend> Gpt<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.w.forward(x)
    }

    pub fn quantize(self, x: Tensor<B, 2>) -> Tensor<B, 2>
    where
        B: Quantizable,
    {
        quantize_all(x)
    }
}

impl Quantizable for burn::backend::Flex {}

/// A caller whose backend the argument type named: after the erasure nothing names it.
pub fn quantize_on_flex(x: Tensor<burn::backend::Flex, 2>) -> Tensor<burn::backend::Flex, 2> {
    quantize_all(x)
}
