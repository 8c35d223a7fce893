use burn::prelude::*;

/// Native builds use burn's `Linear` as it is.
#[cfg(not(target_arch = "wasm32"))]
pub type Projection = burn::nn::Linear;

/// The wasm32 build has its own, with the same fields.
#[cfg(target_arch = "wasm32")]
#[derive(Module, Debug)]
pub struct Projection {
    pub weight: burn::module::Param<Tensor<2>>,
    pub bias: Option<burn::module::Param<Tensor<1>>>,
}

#[derive(Module, Debug)]
pub struct Mlp {
    pub gate: Projection,
}

#[cfg(not(target_arch = "wasm32"))]
impl Mlp {
    pub fn new(device: &burn::tensor::Device) -> Self {
        Self { gate: burn::nn::LinearConfig::new(4, 4).init(device) }
    }
}
