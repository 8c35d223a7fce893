use burn::tensor::{Device, Tensor};

/// The return type made this default Flex's device; 0.22.1's `Device::default()` picks a
/// backend at run time among the enabled ones (here Flex and NdArray).
pub fn cpu_device() -> Device {
    Device::flex()
}

pub fn array_device() -> Device {
    Device::ndarray()
}

/// A generic one is left to its callers (they chose `B`).
pub fn any_device() -> Device {
    Default::default()
}

pub fn total() -> usize {
    let a = Tensor::<1>::ones([2], &cpu_device());
    let b = Tensor::<1>::ones([3], &array_device());
    let c = Tensor::<1>::ones([4], &any_device());
    a.dims()[0] + b.dims()[0] + c.dims()[0]
}
