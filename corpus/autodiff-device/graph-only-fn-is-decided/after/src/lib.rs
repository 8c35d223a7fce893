use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

/// Builds only tensors and a module from its device, all on `B`: the device made autodiff at
/// its top builds exactly what 0.21's type did (safe).
pub fn gradient_norm(device: &Device) -> f32 {
    let device = &device.clone().autodiff();
    let layer: Linear = LinearConfig::new(3, 2).init(device);
    let x = Tensor::<2>::ones([4, 3], device).require_grad();
    let loss = layer.forward(x.clone()).sum();
    let grads = loss.backward();
    x.grad(&grads).unwrap().sum().into_scalar::<f32>()
}

/// Names a batch built from the device: 0.21 may have put it on the inner backend by
/// inference, so a person checks (review).
pub fn batch_loss(device: &Device, batch: Vec<f32>) -> f32 {
    let device = &device.clone().autodiff();
    let inputs = Tensor::<1>::from_floats(batch.as_slice(), device).require_grad();
    let loss = inputs.clone().powf_scalar(2.0).sum();
    let grads = loss.backward();
    inputs.grad(&grads).unwrap().sum().into_scalar::<f32>()
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    #[test]
    fn gradients_flow() {
        let device = Device::flex();
        assert!(super::gradient_norm(&device.clone().autodiff()).is_finite());
        assert_eq!(super::batch_loss(&device.autodiff(), vec![1.0, 2.0]), 6.0);
    }
}
