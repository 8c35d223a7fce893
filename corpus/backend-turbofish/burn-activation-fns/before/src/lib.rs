use burn::prelude::*;
use burn::tensor::activation;
use burn::tensor::activation::gelu;

/// burn's generic fns named through a module `use`, a fn `use` and a full path: burn 0.22.1's
/// take no backend, so the turbofish keeps only the rank.
pub fn act<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    let y = activation::relu::<2, B>(x);
    let z = gelu::<2, B>(y);
    burn::tensor::activation::sigmoid::<2, B>(z)
}

mod glob {
    use burn::prelude::*;
    use burn::tensor::activation::*;

    /// Through a glob the callee is not resolved: the same edit, for a person to confirm.
    pub fn probs<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
        softmax::<2, B>(x, 1)
    }
}

pub use glob::probs;
