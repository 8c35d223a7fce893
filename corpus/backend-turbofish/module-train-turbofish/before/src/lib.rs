use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

pub type FlexBackend = Flex;
pub type TrainBackend = Autodiff<FlexBackend>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    pub fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

/// A fresh model on the training backend.
pub fn fresh() -> Net<TrainBackend> {
    let device = Default::default();
    Net::new(&device).train::<TrainBackend>()
}

/// Move a loaded model onto the training backend.
pub fn to_train(model: Net<FlexBackend>) -> Net<TrainBackend> {
    model.train::<TrainBackend>()
}
