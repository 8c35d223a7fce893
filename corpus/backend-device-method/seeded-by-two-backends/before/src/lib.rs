#![deny(warnings)]
use burn::backend::{Autodiff, Wgpu};
use burn::nn::LinearConfig;
use burn::tensor::backend::Backend;

type TrainBackend = Autodiff<Wgpu>;
type ValidBackend = Wgpu;

/// One untyped default device, seeded through two backends and passed to an autodiff
/// backend's turbofish (molchanica's training entry, reading 34).
pub fn train() {
    let device = Default::default();
    TrainBackend::seed(&device, 42);
    ValidBackend::seed(&device, 42);
    let model = LinearConfig::new(2, 2).init::<TrainBackend>(&device);
    let _ = model;
}
