use burn::tensor::{Tensor, backend::Backend};

/// Its device is `B`'s default: the caller's `zeros::<Autodiff<Wgpu>>()` chose it. In 0.22 it is
/// `Device::default()` (the first enabled backend, never autodiff): review.
pub fn zeros<B: Backend>() -> Tensor<B, 2> {
    Tensor::zeros([2, 2], &Default::default())
}

/// The device is passed in: the caller's device value chooses the backend, as in 0.22.
pub fn zeros_on<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    Tensor::zeros([2, 2], device)
}

/// Its `Default::default()` is typed by its own call's backend (`Flex`), not by `B`: that device
/// is `Device::flex()`, and the erasure stays safe.
pub fn with_cpu_copy<B: Backend>(x: Tensor<B, 1>) -> (Tensor<B, 1>, Tensor<burn::backend::Flex, 1>) {
    let cpu = Tensor::<burn::backend::Flex, 1>::from_data(x.to_data(), &Default::default());
    (x, cpu)
}
