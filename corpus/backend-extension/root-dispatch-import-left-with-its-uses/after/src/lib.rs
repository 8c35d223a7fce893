use burn::prelude::*;
use burn::DispatchDevice;

/// Matches on the 0.21 device's variants: no rule migrates it, so `DispatchDevice` stays named.
pub fn describe(device: &DispatchDevice) -> &'static str {
    match device {
        DispatchDevice::Flex(_) => "cpu",
        #[allow(unreachable_patterns)]
        _ => "other",
    }
}

/// Migrated: the device is 0.22.1's `Device`, the tensor loses its backend.
pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([2], device)
}
