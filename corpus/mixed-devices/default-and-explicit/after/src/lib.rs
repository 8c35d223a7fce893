use burn::prelude::*;

/// A default device and an explicit one meet in `cat` (the findings).
pub fn mixed() -> Tensor<1> {
    let a = Tensor::<1>::ones([2], &Device::default());
    let b = Tensor::<1>::ones([2], &Device::wgpu(DeviceKind::DiscreteGpu(0)));
    Tensor::cat(vec![a, b], 0)
}

/// Near miss: one device value for both.
pub fn one_device() -> Tensor<1> {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    let a = Tensor::<1>::ones([2], &device);
    let b = Tensor::<1>::ones([2], &device);
    Tensor::cat(vec![a, b], 0)
}
