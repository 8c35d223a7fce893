#![deny(warnings)]
use burn::nn::LinearConfig;
use burn::tensor::Device;

/// One untyped default device, seeded through two backends and passed to an autodiff
/// backend's turbofish (molchanica's training entry, reading 34).
pub fn train() {
    let device = Device::default();
    device.seed(42);
    device.seed(42);
    let model = LinearConfig::new(2, 2).init(&device.autodiff());
    let _ = model;
}
