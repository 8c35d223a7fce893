use burn::nn::{Linear, LinearConfig};
use burn::optim::GradientsParams;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device) }
    }
}

/// Moved, then trained: the move must keep the parameters leaves.
pub fn grads_after_move(net: Net, device: &Device) -> GradientsParams {
    let device = &device.clone().autodiff();
    let net = net.fork(device);
    let x = Tensor::<2>::ones([1, 2], device);
    let loss = net.fc.forward(x).sum();
    GradientsParams::from_grads(loss.backward(), &net)
}

/// Moved for inference only, and a tensor moved: both stay `to_device`.
pub fn infer(net: Net, device: &Device) -> Tensor<2> {
    let net = net.to_device(device);
    let x = Tensor::<2>::ones([1, 2], device).to_device(device);
    net.fc.forward(x)
}
