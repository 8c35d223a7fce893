#[cfg(not(target_arch = "wasm32"))]
use burn::tensor::Shape;
#[cfg(not(target_arch = "wasm32"))]
use burn::tensor::DeviceId;
use burn::tensor::Tensor;

#[cfg(not(target_arch = "wasm32"))]
pub fn describe(id: DeviceId, shape: Shape) -> String {
    format!("{id:?} {shape:?}")
}

pub fn count(t: Tensor<1>) -> usize {
    t.dims()[0]
}
