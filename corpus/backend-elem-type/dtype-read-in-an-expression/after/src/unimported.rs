use burn::tensor::Element as _;

/// `Element` is in scope unnamed: the element's dtype is reached through the trait.
pub fn is_half() -> bool {
    matches!(f32::dtype(), burn::tensor::DType::F16)
}
