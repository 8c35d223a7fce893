use burn::tensor::{Device, Tensor};

/// Its device is `B`'s default: the caller's `zeros::<Autodiff<Wgpu>>()` chose it. In 0.22 it is
/// `Device::default()` (the first enabled backend, never autodiff): review.
pub fn zeros() -> Tensor<2> {
    Tensor::zeros([2, 2], &Default::default())
}

/// The device is passed in: the caller's device value chooses the backend, as in 0.22.
pub fn zeros_on(device: &Device) -> Tensor<2> {
    Tensor::zeros([2, 2], device)
}
