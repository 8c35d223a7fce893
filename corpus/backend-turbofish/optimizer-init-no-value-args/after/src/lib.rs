use burn::nn::{Linear, LinearConfig};
use burn::optim::AdamConfig;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    pub fc: Linear,
}

pub fn net(device: &Device) -> Net {
    Net { fc: LinearConfig::new(2, 2).init(device) }
}

/// One optimizer step; `init::<B, Net<B>>()` names both the backend and the module.
pub fn step(model: Net, x: Tensor<2>) -> Net
where
    Net: Module,
{
    let mut optim = AdamConfig::new().init();
    let loss = model.fc.forward(x).sum();
    let grads = burn::optim::GradientsParams::from_grads(loss.backward(), &model);
    optim.step(1e-3, model, grads)
}
