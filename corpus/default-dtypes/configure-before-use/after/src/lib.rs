use burn::prelude::*;
use burn::tensor::{DType, FloatDType, IntDType};

/// The device is made here: `configure` on a `let mut`.
pub fn half_precision() -> Tensor<2> {
    let mut device = Device::wgpu(DeviceKind::DefaultDevice);
    device.configure((FloatDType::from(DType::F16), IntDType::from(DType::I32))).expect("configure before the first tensor");
    Tensor::<2>::zeros([2, 3], &device)
}

/// Its result handled with `unwrap`.
pub fn float_only() -> Tensor<1> {
    let mut device = Device::wgpu(DeviceKind::DefaultDevice);
    device.configure((FloatDType::from(DType::BF16), IntDType::from(DType::I64))).unwrap();
    Tensor::<1>::ones([4], &device)
}
