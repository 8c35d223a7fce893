pub mod model;

use burn::module::Module;
use burn::tensor::Tensor;

use crate::model::Mlp;

/// Evaluates the trained model without its graph: `valid()` came from `AutodiffModule` in 0.21,
/// and is `Module`'s in 0.22.1, so the trait import stays, as `Module`.
pub fn evaluate(model: &Mlp, x: Tensor<2>) -> Tensor<2> {
    let valid_model = model.valid();
    valid_model.forward(x)
}
