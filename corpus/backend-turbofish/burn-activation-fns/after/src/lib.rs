use burn::prelude::*;
use burn::tensor::activation;
use burn::tensor::activation::gelu;

/// burn's generic fns named through a module `use`, a fn `use` and a full path: burn 0.22.1's
/// take no backend, so the turbofish keeps only the rank.
pub fn act(x: Tensor<2>) -> Tensor<2> {
    let y = activation::relu::<2>(x);
    let z = gelu::<2>(y);
    burn::tensor::activation::sigmoid::<2>(z)
}

mod glob {
    use burn::prelude::*;
    use burn::tensor::activation::*;

    /// Through a glob the callee is not resolved: the same edit, for a person to confirm.
    pub fn probs(x: Tensor<2>) -> Tensor<2> {
        softmax::<2>(x, 1)
    }
}

pub use glob::probs;
