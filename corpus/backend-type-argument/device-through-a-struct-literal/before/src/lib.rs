use burn::backend::{Autodiff, Flex};
use burn::module::Param;
use burn::nn::Linear;
use burn::tensor::{Tensor, TensorData};

type AB = Autodiff<Flex>;

/// The literal's fields are built on `device` (typed by `Linear::<AB>`), and `x2` on `x`'s device:
/// all of it is `Device::flex().autodiff()`, so the backward pass has a graph.
pub fn weight_gets_a_gradient() -> bool {
    let device = Default::default();
    let layer = Linear::<AB> {
        weight: Param::from_data(TensorData::new(vec![1.0f32, 2.0], [2, 1]), &device),
        bias: Some(Param::from_data(TensorData::new(vec![0.5f32], [1]), &device).set_require_grad(false)),
    };
    let x = Tensor::<AB, 1>::from_data(TensorData::new(vec![1.0f32, 1.0], [2]), &device);
    let x2: Tensor<AB, 2> = x.unsqueeze_dim(0);
    let grads = layer.forward(x2).sum().backward();
    layer.weight.grad(&grads).is_some()
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert!(super::weight_gets_a_gradient());
    }
}
