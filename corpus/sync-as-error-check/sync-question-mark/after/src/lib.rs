use burn::prelude::*;
use burn::tensor::ExecutionError;

/// `?` on the sync: the error of an earlier op surfaces here (the finding).
pub fn checked(device: &Device, x: Tensor<1>) -> Result<Tensor<1>, ExecutionError> {
    let y = x.exp();
    device.sync()?;
    Ok(y)
}

/// Near miss: a plain sync.
pub fn plain(device: &Device) {
    let _ = device.sync();
}
