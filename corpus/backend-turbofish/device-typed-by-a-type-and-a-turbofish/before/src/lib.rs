//! One untyped device given to a model typed by an autodiff alias (`let model: Linear<B>`) and to
//! a generic helper through its turbofish (`batch::<B>(&device)`).
use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

type B = Autodiff<Flex>;

/// A batch of ones on the device it is given.
pub fn batch<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    Tensor::ones([3, 4], device)
}

/// Whether one backward pass reaches the model's weight.
pub fn weight_gets_a_gradient() -> bool {
    let device = Default::default();
    let model: Linear<B> = LinearConfig::new(4, 2).init(&device);
    let x = batch::<B>(&device);
    let grads = model.forward(x).sum().backward();
    model.weight.grad(&grads).is_some()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_weight_is_on_the_graph() {
        assert!(super::weight_gets_a_gradient());
    }
}
