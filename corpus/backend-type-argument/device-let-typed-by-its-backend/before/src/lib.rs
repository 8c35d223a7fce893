use burn::backend::Wgpu;
use burn::backend::wgpu::{graphics::AutoGraphicsApi, init_setup};
use burn::prelude::*;
use burn::tensor::Device;

type Gpu = Wgpu;
type I64Gpu = Wgpu<f32, i64, u32>;

/// Set up by hand: the annotated device goes to `init_setup`, which takes cubecl-wgpu's own
/// `WgpuDevice` in 0.22.1 too.
pub fn setup() {
    let device: Device<Gpu> = Default::default();
    init_setup::<AutoGraphicsApi>(&device, Default::default());
}

/// One device received, one made here: the one made here is a question of its own.
pub fn ones(received: &Device<I64Gpu>) -> Tensor<I64Gpu, 1> {
    let device: Device<I64Gpu> = Default::default();
    Tensor::<I64Gpu, 1>::ones([2], &device) + Tensor::<I64Gpu, 1>::ones([2], received)
}
