use burn::tensor::*;

/// `Element` comes with a glob: the rewrite names the trait.
pub fn is_bf16() -> bool {
    matches!(<f32 as burn::tensor::Element>::dtype(), DType::BF16)
}
