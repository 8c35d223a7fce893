use burn::nn::{Linear, LinearConfig};
use burn::tensor::Device;

/// A model built for an autodiff backend on a device made here.
pub fn train_model() -> Linear {
    let device = Device::flex();
    LinearConfig::new(2, 2).init(&device.autodiff())
}
