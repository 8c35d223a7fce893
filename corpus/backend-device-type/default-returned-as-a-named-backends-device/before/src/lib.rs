use burn::backend::{Flex, NdArray};
use burn::tensor::backend::{Backend, BackendTypes};
use burn::tensor::Tensor;

/// The return type made this default Flex's device; 0.22.1's `Device::default()` picks a
/// backend at run time among the enabled ones (here Flex and NdArray).
pub fn cpu_device() -> <Flex as BackendTypes>::Device {
    Default::default()
}

pub fn array_device() -> <NdArray as BackendTypes>::Device {
    Default::default()
}

/// A generic one is left to its callers (they chose `B`).
pub fn any_device<B: Backend>() -> B::Device {
    Default::default()
}

pub fn total() -> usize {
    let a = Tensor::<Flex, 1>::ones([2], &cpu_device());
    let b = Tensor::<NdArray, 1>::ones([3], &array_device());
    let c = Tensor::<Flex, 1>::ones([4], &any_device::<Flex>());
    a.dims()[0] + b.dims()[0] + c.dims()[0]
}
