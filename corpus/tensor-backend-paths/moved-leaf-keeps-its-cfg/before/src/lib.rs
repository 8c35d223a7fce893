#[cfg(not(target_arch = "wasm32"))]
use burn::tensor::{backend::DeviceId, Shape};
use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

#[cfg(not(target_arch = "wasm32"))]
pub fn describe(id: DeviceId, shape: Shape) -> String {
    format!("{id:?} {shape:?}")
}

pub fn count<B: Backend>(t: Tensor<B, 1>) -> usize {
    t.dims()[0]
}
