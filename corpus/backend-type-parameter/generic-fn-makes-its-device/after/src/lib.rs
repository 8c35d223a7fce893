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

/// Its `Default::default()` is typed by its own call's backend (`Flex`), not by `B`: that device
/// is `Device::flex()`, and the erasure stays safe.
pub fn with_cpu_copy(x: Tensor<1>) -> (Tensor<1>, Tensor<1>) {
    let cpu = Tensor::<1>::from_data(x.to_data(), &Device::flex());
    (x, cpu)
}
