use burn::tensor::Tensor;

/// The largest logit as an `f32`, its element bound written through the qualified path.
pub fn top_logit(logits: Tensor<2>) -> f32 {
    logits.max().into_scalar()
}

/// The same bound written as a plain projection.
pub fn total(logits: Tensor<2>) -> f32 {
    logits.sum().into_scalar()
}
