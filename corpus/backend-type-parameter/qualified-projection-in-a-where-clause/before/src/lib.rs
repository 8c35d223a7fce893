use burn::tensor::backend::{Backend, BackendTypes};
use burn::tensor::{ElementConversion, Tensor};

/// The largest logit as an `f32`, its element bound written through the qualified path.
pub fn top_logit<B: Backend>(logits: Tensor<B, 2>) -> f32
where
    <B as BackendTypes>::FloatElem: ElementConversion,
{
    logits.max().into_scalar().elem()
}

/// The same bound written as a plain projection.
pub fn total<B: Backend>(logits: Tensor<B, 2>) -> f32
where
    B::FloatElem: ElementConversion,
{
    logits.sum().into_scalar().elem()
}
