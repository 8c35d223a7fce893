use burn::prelude::*;

/// The index of the largest logit, as a Rust index.
pub fn predicted(logits: Tensor<1>) -> usize {
    logits.argmax(0).into_scalar::<i64>() as usize
}
