use burn::backend::wgpu::WgpuDevice;

pub trait HasDevice {
    type Device;
    fn d() -> Self::Device;
}

pub struct Gpu;

impl HasDevice for Gpu {
    type Device = WgpuDevice;
    fn d() -> Self::Device {
        WgpuDevice::default()
    }
}
