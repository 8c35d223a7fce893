pub mod prim;
use burn::{
    backend::{AutodiffBackend, Backend},
    nn::Linear,
    tensor::Tensor,
};

/// A project trait over burn's backend: code bounded by it stays generic (with a finding).
pub trait Quantize: Backend {
    fn bits() -> u32;
}

/// Needs gradients: also kept by name.
pub trait Trainable: AutodiffBackend {}

pub fn bits<B: Quantize>() -> u32 {
    B::bits()
}

pub fn project(layer: &Linear, x: Tensor<2>) -> Tensor<2> {
    layer.forward(x)
}
