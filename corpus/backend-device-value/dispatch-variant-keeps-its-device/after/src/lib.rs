use burn::tensor::Device;

/// `DispatchDevice::LibTorch(..)` holds LibTorch's own device type (burn-dispatch's enum, 0.21 and
/// 0.22.1 alike): the whole variant is that backend's `Device`.
pub fn gpu() -> Device {
    Device::libtorch_mps()
}

/// A variant of a default device is that backend's default `Device`; the dispatch default is
/// 0.22.1's `Device::default()` (it is `DispatchDevice::default()`).
pub fn pick(cpu: bool) -> Device {
    if cpu {
        Device::libtorch()
    } else {
        Device::default()
    }
}
