use burn::tensor::{Device, Tensor};

/// `Tensor::from` builds on `B`'s default device: the caller's `ramp::<Autodiff<Wgpu>>()` chose
/// it. In 0.22 it is `Device::default()` (the first enabled backend, never autodiff): review.
pub fn ramp() -> Tensor<1> {
    Tensor::<1>::from([0.0f32, 1.0, 2.0])
}

/// The same with the type written on the `let`: review.
pub fn ones() -> Tensor<1> {
    let t: Tensor<1> = Tensor::from([1.0f32, 1.0]);
    t
}

/// Typed by its own call's backend (`Flex`), not by `B`: the erasure stays safe.
pub fn with_flex(x: Tensor<1>) -> (Tensor<1>, Tensor<1>) {
    (x, Tensor::<1>::from_data([1.0f32], &Device::flex()))
}

/// The device is passed in: safe.
pub fn ramp_on(device: &Device) -> Tensor<1> {
    Tensor::from_data([0.0f32, 1.0, 2.0], device)
}

/// `.into()` into the returned `Tensor<B, 1>` is `Tensor::from`: review.
pub fn pair() -> Tensor<1> {
    [1.0f32, 2.0].into()
}
