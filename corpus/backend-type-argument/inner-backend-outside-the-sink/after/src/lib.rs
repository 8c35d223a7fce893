use burn::tensor::Tensor;
use burn::tensor::Device;

/// Builds tensors on the device it is given.
pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([3], device)
}

/// The training half: its device is the one autodiff-device makes autodiff (it is the sink).
pub fn step(device: &Device) -> Tensor<1> {
    let device = &device.clone().autodiff();
    ones(device).require_grad()
}

/// Hands the device to `step` (so it is not the sink) and builds its validation values on the
/// inner backend: in 0.22 the one device is autodiff or not, so `ones::<B::InnerBackend>` stays
/// review (build them on `device.clone().inner()`).
pub fn train(device: &Device) -> (Tensor<1>, Tensor<1>) {
    let trained = step(device);
    let valid = ones(device);
    (trained, valid)
}
