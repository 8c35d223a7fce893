use burn::backend::Wgpu;
use burn::backend::wgpu::WgpuDevice;
use burn::prelude::*;
use burn::tensor::{DType, set_default_dtypes};

/// The device is made here: `configure` on a `let mut`.
pub fn half_precision() -> Tensor<Wgpu, 2> {
    let device = WgpuDevice::default();
    set_default_dtypes::<Wgpu>(&device, DType::F16, DType::I32).expect("configure before the first tensor");
    Tensor::<Wgpu, 2>::zeros([2, 3], &device)
}

/// Its result handled with `unwrap`.
pub fn float_only() -> Tensor<Wgpu, 1> {
    let device = WgpuDevice::default();
    set_default_dtypes::<Wgpu>(&device, DType::BF16, DType::I64).unwrap();
    Tensor::<Wgpu, 1>::ones([4], &device)
}
