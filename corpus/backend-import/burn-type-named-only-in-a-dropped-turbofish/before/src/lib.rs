use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::tensor::Tensor;

type B = Autodiff<Flex>;

/// `Linear` is named only in the optimizer's turbofish: once that goes, so does its import.
pub fn step() -> usize {
    let device = Default::default();
    let model = LinearConfig::new(2, 1).init::<B>(&device);
    let mut optim = SgdConfig::new().init::<B, Linear<B>>();
    let loss = model.forward(Tensor::<B, 2>::ones([1, 2], &device)).sum();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    let model = optim.step(0.1, model, grads);
    model.weight.dims()[0]
}
