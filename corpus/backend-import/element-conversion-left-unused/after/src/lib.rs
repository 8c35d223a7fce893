pub mod still;
use burn::tensor::Tensor;

/// The typed `let` names the element: `.elem()` goes, and with it the last use of the trait.
pub fn loss_value(loss: Tensor<1>) -> f32 {
    let v: f32 = loss.into_scalar();
    v
}
