use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// Two `backward` calls on one loss: the second finds the tape consumed.
pub fn grads_twice<B: AutodiffBackend>(x: Tensor<B, 1>) -> (B::Gradients, B::Gradients) {
    let loss = x.powf_scalar(2.0).sum();
    let first = loss.backward();
    let second = loss.backward();
    (first, second)
}

/// Near miss: the loss is recomputed between the two calls.
pub fn grads_recomputed<B: AutodiffBackend>(x: Tensor<B, 1>) -> (B::Gradients, B::Gradients) {
    let mut loss = x.clone().powf_scalar(2.0).sum();
    let first = loss.backward();
    loss = x.powf_scalar(3.0).sum();
    let second = loss.backward();
    (first, second)
}
