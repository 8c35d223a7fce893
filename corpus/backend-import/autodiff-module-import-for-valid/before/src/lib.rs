pub mod model;

use burn::module::AutodiffModule;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;

use crate::model::Mlp;

/// Evaluates the trained model without its graph: `valid()` came from `AutodiffModule` in 0.21,
/// and is `Module`'s in 0.22.1, so the trait import stays, as `Module`.
pub fn evaluate<B: AutodiffBackend>(model: &Mlp<B>, x: Tensor<B::InnerBackend, 2>) -> Tensor<B::InnerBackend, 2> {
    let valid_model = model.valid();
    valid_model.forward(x)
}
