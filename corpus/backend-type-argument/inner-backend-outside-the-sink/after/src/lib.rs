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
/// inner backend: in 0.22 the one device is autodiff or not, so that call gets the plain device,
/// `device.clone().inner()`, in the same change as the drop.
pub fn train(device: &Device) -> (Tensor<1>, Tensor<1>) {
    let trained = step(device);
    let valid = ones(&device.clone().inner());
    (trained, valid)
}

/// Its inner-backend value is built from a device made here, not the one `evaluate` receives:
/// nothing says which device to make plain, so the drop stays review.
pub fn evaluate(device: &Device) -> (Tensor<1>, Tensor<1>) {
    let trained = step(device);
    let other = Default::default();
    (trained, ones(&other))
}
