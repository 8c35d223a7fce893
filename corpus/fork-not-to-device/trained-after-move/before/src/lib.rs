use burn::nn::{Linear, LinearConfig};
use burn::optim::GradientsParams;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device) }
    }
}

/// Moved, then trained: the move must keep the parameters leaves.
pub fn grads_after_move<B: AutodiffBackend>(net: Net<B>, device: &B::Device) -> GradientsParams {
    let net = net.to_device(device);
    let x = Tensor::<B, 2>::ones([1, 2], device);
    let loss = net.fc.forward(x).sum();
    GradientsParams::from_grads(loss.backward(), &net)
}

/// Moved for inference only, and a tensor moved: both stay `to_device`.
pub fn infer<B: Backend>(net: Net<B>, device: &B::Device) -> Tensor<B, 2> {
    let net = net.to_device(device);
    let x = Tensor::<B, 2>::ones([1, 2], device).to_device(device);
    net.fc.forward(x)
}
