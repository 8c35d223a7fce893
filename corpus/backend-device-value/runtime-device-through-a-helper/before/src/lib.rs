use burn::backend::wgpu::{WgpuDevice, graphics::AutoGraphicsApi, init_setup};
use burn::backend::Wgpu;
use burn::prelude::*;

/// Hands the device to CubeCL's setup: it stays cubecl's `WgpuDevice`.
fn set_up(d: &WgpuDevice) {
    init_setup::<AutoGraphicsApi>(d, Default::default());
}

/// Passes its device on to `set_up`: it stays cubecl's too.
pub fn set_up_once(d: &WgpuDevice) {
    set_up(d);
}

/// burn's device, as before.
pub fn ones(d: &WgpuDevice) -> Tensor<Wgpu, 1> {
    Tensor::ones([2], d)
}
