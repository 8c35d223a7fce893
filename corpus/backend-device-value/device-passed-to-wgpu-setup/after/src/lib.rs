use burn::backend::wgpu::{WgpuDevice, graphics::AutoGraphicsApi, init_setup};
use burn::prelude::*;

/// The wgpu runtime set up by hand: `init_setup` takes the runtime's own device type.
pub fn setup_device() -> WgpuDevice {
    let device = WgpuDevice::default();
    init_setup::<AutoGraphicsApi>(&device, Default::default());
    device
}

/// A device value nothing sets up: it becomes `Device::wgpu(..)`.
pub fn ones() -> Tensor<1> {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    Tensor::ones([2], &device)
}
