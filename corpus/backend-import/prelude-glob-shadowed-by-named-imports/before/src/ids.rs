use burn::{prelude::*, tensor::Tensor};

/// `Int` still comes from the glob: it stays.
pub fn first<B: Backend>(ids: Tensor<B, 1, Int>) -> Tensor<B, 1, Int> {
    ids.slice([0..1])
}
