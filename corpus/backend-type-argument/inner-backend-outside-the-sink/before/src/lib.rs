use burn::tensor::{
    Tensor,
    backend::{AutodiffBackend, Backend},
};

/// Builds tensors on the device it is given.
pub fn ones<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::ones([3], device)
}

/// The training half: its device is the one autodiff-device makes autodiff (it is the sink).
pub fn step<B: AutodiffBackend>(device: &B::Device) -> Tensor<B, 1> {
    ones::<B>(device).require_grad()
}

/// Hands the device to `step` (so it is not the sink) and builds its validation values on the
/// inner backend: in 0.22 the one device is autodiff or not, so that call gets the plain device,
/// `device.clone().inner()`, in the same change as the drop.
pub fn train<B: AutodiffBackend>(device: &B::Device) -> (Tensor<B, 1>, Tensor<B::InnerBackend, 1>) {
    let trained = step::<B>(device);
    let valid = ones::<B::InnerBackend>(device);
    (trained, valid)
}

/// Its inner-backend value is built from a device made here, not the one `evaluate` receives:
/// nothing says which device to make plain, so the drop stays review.
pub fn evaluate<B: AutodiffBackend>(device: &B::Device) -> (Tensor<B, 1>, Tensor<B::InnerBackend, 1>) {
    let trained = step::<B>(device);
    let other = Default::default();
    (trained, ones::<B::InnerBackend>(&other))
}
