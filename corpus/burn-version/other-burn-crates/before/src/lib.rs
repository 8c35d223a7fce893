use burn::backend::wgpu::WgpuDevice;
pub use burn_store::SafetensorsStore;

pub fn gpu() -> WgpuDevice {
    WgpuDevice::default()
}
