use burn::backend::wgpu::{RuntimeOptions, WgpuDevice, graphics::Vulkan, init_setup};
use burn::prelude::*;

pub fn probe(device: &Device) -> usize {
    let device = &device.clone().autodiff();
    Tensor::<1>::from_floats([1.0, 2.0], device).require_grad().dims()[0]
}

/// Set up on Vulkan (the graphics API marker, not burn's Vulkan backend), then used as burn's
/// autodiff device.
pub fn run() -> usize {
    let device = WgpuDevice::default();
    let _setup = init_setup::<Vulkan>(&device, RuntimeOptions::default());
    let device = Device::from(device);
    probe(&device.autodiff())
}

/// Given the device of `run_maybe`, which stays cubecl's.
fn on_device(device: &WgpuDevice) -> usize {
    probe(device)
}

/// Set up on one path only: the device stays cubecl's everywhere.
pub fn run_maybe(flag: bool) -> usize {
    let device = WgpuDevice::default();
    if flag {
        init_setup::<Vulkan>(&device, RuntimeOptions::default());
    }
    probe(&device) + on_device(&device)
}
