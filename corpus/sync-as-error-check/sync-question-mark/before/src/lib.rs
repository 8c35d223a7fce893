use burn::prelude::*;
use burn::tensor::backend::ExecutionError;

/// `?` on the sync: the error of an earlier op surfaces here (the finding).
pub fn checked<B: Backend>(device: &B::Device, x: Tensor<B, 1>) -> Result<Tensor<B, 1>, ExecutionError> {
    let y = x.exp();
    B::sync(device)?;
    Ok(y)
}

/// Near miss: a plain sync.
pub fn plain<B: Backend>(device: &B::Device) {
    let _ = B::sync(device);
}
