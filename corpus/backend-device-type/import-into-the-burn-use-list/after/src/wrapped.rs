// A list rustfmt wrapped onto a long line: the new item goes on a line of its own at the end.
use burn::{
    grad_clipping::GradientClippingConfig, nn::LinearConfig, tensor::Device,
};

pub fn clipped(device: &Device) -> f64 {
    let device = &device.clone().autodiff();
    let _: burn::nn::Linear = LinearConfig::new(2, 3).init(device);
    match GradientClippingConfig::Norm(1.0) {
        GradientClippingConfig::Norm(n) => n as f64,
        GradientClippingConfig::Value(v) => v as f64,
    }
}
