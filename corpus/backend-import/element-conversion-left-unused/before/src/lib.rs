pub mod still;
use burn::tensor::backend::Backend;
use burn::tensor::{ElementConversion, Tensor};

/// The typed `let` names the element: `.elem()` goes, and with it the last use of the trait.
pub fn loss_value<B: Backend>(loss: Tensor<B, 1>) -> f32 {
    let v: f32 = loss.into_scalar().elem();
    v
}
