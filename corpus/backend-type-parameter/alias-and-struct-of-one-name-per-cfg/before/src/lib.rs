use burn::prelude::*;

/// Native builds use burn's `Linear` as it is.
#[cfg(not(target_arch = "wasm32"))]
pub type Projection<B> = burn::nn::Linear<B>;

/// The wasm32 build has its own, with the same fields.
#[cfg(target_arch = "wasm32")]
#[derive(Module, Debug)]
pub struct Projection<B: Backend> {
    pub weight: burn::module::Param<Tensor<B, 2>>,
    pub bias: Option<burn::module::Param<Tensor<B, 1>>>,
}

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    pub gate: Projection<B>,
}

#[cfg(not(target_arch = "wasm32"))]
impl<B: Backend> Mlp<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { gate: burn::nn::LinearConfig::new(4, 4).init(device) }
    }
}
