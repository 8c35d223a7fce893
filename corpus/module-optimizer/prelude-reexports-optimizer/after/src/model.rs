use crate::prelude::*;
use burn::tensor::Device;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

/// `optim.step` needed `Optimizer` in scope in 0.21: it comes through the prelude.
pub fn step(net: Net, x: Tensor<2>) -> Net {
    let mut optim = AdamConfig::new().init();
    let grads = GradientsParams::from_grads(net.forward(x).sum().backward(), &net);
    optim.step(1e-3, net, grads)
}
