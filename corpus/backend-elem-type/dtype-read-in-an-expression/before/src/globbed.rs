use burn::tensor::backend::Backend;
use burn::tensor::*;

/// `Element` comes with a glob: the rewrite names the trait.
pub fn is_bf16<B: Backend>() -> bool {
    matches!(B::FloatElem::dtype(), DType::BF16)
}
