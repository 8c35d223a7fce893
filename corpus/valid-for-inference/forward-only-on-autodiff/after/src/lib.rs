use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::optim::GradientsParams;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
    dropout: Dropout,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device), dropout: DropoutConfig::new(0.5).init() }
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(self.dropout.forward(x))
    }
}

/// Forward only, generic over an autodiff backend.
pub fn evaluate(net: &Net, device: &Device) -> Tensor<2> {
    let net = &net.valid();
    let device = &device.clone().inner();
    let x = Tensor::<2>::ones([4, 2], device);
    net.forward(x)
}

/// Near miss: takes gradients, so its device stays autodiff.
pub fn grads(net: &Net, device: &Device) -> GradientsParams {
    let device = &device.clone().autodiff();
    let x = Tensor::<2>::ones([4, 2], device);
    GradientsParams::from_grads(net.forward(x).sum().backward(), net)
}

/// Trains, then evaluates on the training model and device: the loop gets a finding.
pub fn train_then_eval(net: &Net, device: &Device) -> (GradientsParams, usize) {
    let device = &device.clone().autodiff();
    let x = Tensor::<2>::ones([4, 2], device);
    let grads = GradientsParams::from_grads(net.forward(x).sum().backward(), net);
    let mut n = 0;
    for _ in 0..3 {
        n += net.forward(Tensor::ones([4, 2], device)).dims()[0];
    }
    (grads, n)
}
