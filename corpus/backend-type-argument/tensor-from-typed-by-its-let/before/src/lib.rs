use burn::backend::NdArray;
use burn::tensor::Tensor;

type TB = NdArray;

/// `Tensor::from` typed by the `let`: on NdArray's default device in 0.21, on
/// `Device::default()` (Flex first here) once `TB` is dropped: review.
pub fn host() -> Vec<f32> {
    let t: Tensor<TB, 1> = Tensor::from([1.0f32, 2.0]);
    t.into_data().to_vec().unwrap()
}

/// The same through `.into()` into the return type: review.
fn ramp() -> Tensor<TB, 1> {
    [1.0f32, 2.0].into()
}

pub fn host_ramp() -> Vec<f32> {
    ramp().into_data().to_vec().unwrap()
}

/// The backend in the call's own turbofish: decided, `from_data(.., &Device::ndarray())`.
pub fn host_turbofish() -> Vec<f32> {
    let t = Tensor::<TB, 1>::from([1.0f32, 2.0]);
    t.into_data().to_vec().unwrap()
}
