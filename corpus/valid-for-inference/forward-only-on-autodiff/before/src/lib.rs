use burn::nn::{Dropout, DropoutConfig, Linear, LinearConfig};
use burn::optim::GradientsParams;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
    dropout: Dropout,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device), dropout: DropoutConfig::new(0.5).init() }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(self.dropout.forward(x))
    }
}

/// Forward only, generic over an autodiff backend.
pub fn evaluate<B: AutodiffBackend>(net: &Net<B>, device: &B::Device) -> Tensor<B, 2> {
    let x = Tensor::<B, 2>::ones([4, 2], device);
    net.forward(x)
}

/// Near miss: takes gradients, so its device stays autodiff.
pub fn grads<B: AutodiffBackend>(net: &Net<B>, device: &B::Device) -> GradientsParams {
    let x = Tensor::<B, 2>::ones([4, 2], device);
    GradientsParams::from_grads(net.forward(x).sum().backward(), net)
}

/// Trains, then evaluates on the training model and device: the loop gets a finding.
pub fn train_then_eval<B: AutodiffBackend>(net: &Net<B>, device: &B::Device) -> (GradientsParams, usize) {
    let x = Tensor::<B, 2>::ones([4, 2], device);
    let grads = GradientsParams::from_grads(net.forward(x).sum().backward(), net);
    let mut n = 0;
    for _ in 0..3 {
        n += net.forward(Tensor::ones([4, 2], device)).dims()[0];
    }
    (grads, n)
}
