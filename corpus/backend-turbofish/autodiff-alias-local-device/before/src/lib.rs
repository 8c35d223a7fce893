use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};

type TrainBackend = Autodiff<Flex>;

/// A model built for an autodiff backend on a device made here.
pub fn train_model() -> Linear<TrainBackend> {
    let device = FlexDevice::default();
    LinearConfig::new(2, 2).init::<TrainBackend>(&device)
}
