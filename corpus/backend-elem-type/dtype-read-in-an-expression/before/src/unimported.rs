use burn::tensor::{Element as _, backend::Backend};

/// `Element` is in scope unnamed: the element's dtype is reached through the trait.
pub fn is_half<B: Backend>() -> bool {
    matches!(B::FloatElem::dtype(), burn::tensor::DType::F16)
}
