use burn::DispatchDevice;

/// `DispatchDevice::LibTorch(..)` holds LibTorch's own device type (burn-dispatch's enum, 0.21 and
/// 0.22.1 alike): the whole variant is that backend's `Device`.
pub fn gpu() -> DispatchDevice {
    DispatchDevice::LibTorch(burn::backend::libtorch::LibTorchDevice::Mps)
}

/// A variant of a default device is that backend's default `Device`; the dispatch default is
/// 0.22.1's `Device::default()` (it is `DispatchDevice::default()`).
pub fn pick(cpu: bool) -> DispatchDevice {
    if cpu {
        DispatchDevice::LibTorch(Default::default())
    } else {
        DispatchDevice::default()
    }
}
