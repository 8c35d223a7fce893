use burn::backend::wgpu::{WgpuDevice, graphics::AutoGraphicsApi, init_setup};
use burn::nn::{Linear, LinearConfig};

/// A helper that sets the runtime up: its parameter is handed to `init_setup`, so it stays
/// cubecl's `WgpuDevice`.
fn set_up(device: &WgpuDevice) {
    init_setup::<AutoGraphicsApi>(device, Default::default());
}

/// An annotated device that only goes to the setup: the annotation stays with its value.
pub fn annotated() {
    let device: WgpuDevice = WgpuDevice::default();
    init_setup::<AutoGraphicsApi>(&device, Default::default());
}

/// Set up through the helper, then used as burn's device: it is still handed to CubeCL after
/// its first setup, so no `Device::from` is written after that one (E0308 at `set_up`).
pub fn twice() -> Linear {
    let device = WgpuDevice::default();
    init_setup::<AutoGraphicsApi>(&device, Default::default());
    set_up(&device);
    LinearConfig::new(2, 1).init(&device)
}

/// Set up only on one path: there is no one place after which it is burn's device.
pub fn maybe(flag: bool) -> Linear {
    let device = WgpuDevice::default();
    if flag {
        init_setup::<AutoGraphicsApi>(&device, Default::default());
    }
    LinearConfig::new(2, 1).init(&device)
}
