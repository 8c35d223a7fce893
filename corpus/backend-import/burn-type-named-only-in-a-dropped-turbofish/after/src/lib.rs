use burn::nn::LinearConfig;
use burn::optim::{GradientsParams, SgdConfig};
use burn::tensor::{Device, Tensor};

/// `Linear` is named only in the optimizer's turbofish: once that goes, so does its import.
pub fn step() -> usize {
    let device = Device::flex().autodiff();
    let model = LinearConfig::new(2, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let loss = model.forward(Tensor::<2>::ones([1, 2], &device)).sum();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    let model = optim.step(0.1, model, grads);
    model.weight.dims()[0]
}
