use burn::backend::flex::FlexDevice;
use burn::backend::wgpu::WgpuDevice;

pub const CPU: FlexDevice = FlexDevice;
pub static GPU: WgpuDevice = WgpuDevice::DefaultDevice;

pub fn gpu() -> WgpuDevice {
    WgpuDevice::default()
}
