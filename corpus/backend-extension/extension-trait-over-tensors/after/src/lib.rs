use burn::backend::{Backend, Flex};
use burn::prelude::*;

/// A backend capability with a default body over the backend's own tensors.
pub trait ScaleBackend: Backend {
    fn scale(x: Tensor<Self, 2>) -> Tensor<Self, 2> {
        x.mul_scalar(2.0)
    }
}

impl ScaleBackend for Flex {}

/// A capability that is only a constant: it compiles on 0.22.1 as it is (no finding).
pub trait FastBackend: Backend {
    const FAST: bool;
}

impl FastBackend for Flex {
    const FAST: bool = false;
}

/// Generic over the capability: kept as it is (its finding); its caller keeps the turbofish.
pub fn double<B: ScaleBackend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    B::scale(x)
}

pub fn double_on_flex(x: Tensor<2>) -> Tensor<2> {
    double::<Flex>(x)
}
