use crate::runtime::Device;

pub fn cpu() -> Device {
    Device::default()
}

pub fn infer_device() -> crate::runtime::InferDevice {
    crate::runtime::InferDevice::default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{default_device, returned_device, typed_device, DefaultAutodiffBackend};
    use burn::tensor::Tensor;

    #[test]
    fn every_default_device_trains() {
        for device in [cpu(), default_device(), infer_device(), returned_device(), typed_device()] {
            let x = Tensor::<DefaultAutodiffBackend, 1>::ones([2], &device).require_grad();
            let grads = x.clone().sum().backward();
            assert!(x.grad(&grads).is_some());
        }
    }
}
