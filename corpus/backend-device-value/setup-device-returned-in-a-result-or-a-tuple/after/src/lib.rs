use burn::backend::wgpu::{RuntimeOptions, WgpuDevice, WgpuSetup, graphics::AutoGraphicsApi, init_device, init_setup};

/// Set up by hand and checked before anything runs on it: the fn hands out the device it set up.
pub fn require_device() -> Result<WgpuDevice, String> {
    let device = WgpuDevice::default();
    let setup = init_setup::<AutoGraphicsApi>(&device, RuntimeOptions::default());
    if setup.adapter.get_info().name.is_empty() {
        return Err("no adapter name".into());
    }
    Ok(device)
}

/// A device registered from an existing setup, handed out with it.
pub fn from_setup(setup: WgpuSetup) -> (WgpuDevice, WgpuSetup) {
    let device = init_device(setup.clone(), RuntimeOptions::default());
    (device, setup)
}
