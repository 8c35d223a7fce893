use burn::backend::wgpu::WgpuDevice;

pub fn gpu() -> WgpuDevice {
    WgpuDevice::default()
}
