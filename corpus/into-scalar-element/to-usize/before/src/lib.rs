use burn::prelude::*;

/// The index of the largest logit, as a Rust index.
pub fn predicted<B: Backend>(logits: Tensor<B, 1>) -> usize {
    logits.argmax(0).into_scalar().to_usize()
}
