use burn::prelude::*;
use burn::tensor::Gradients;

/// Two `backward` calls on one loss: the second finds the tape consumed.
pub fn grads_twice(x: Tensor<1>) -> (Gradients, Gradients) {
    let loss = x.powf_scalar(2.0).sum();
    let first = loss.backward();
    let second = loss.backward();
    (first, second)
}

/// Near miss: the loss is recomputed between the two calls.
pub fn grads_recomputed(x: Tensor<1>) -> (Gradients, Gradients) {
    let mut loss = x.clone().powf_scalar(2.0).sum();
    let first = loss.backward();
    loss = x.powf_scalar(3.0).sum();
    let second = loss.backward();
    (first, second)
}
