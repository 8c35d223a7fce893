/// The GPU build is the project's `native` feature: burn's `vulkan` turns `wgpu` on with it.
#[cfg(feature = "native")]
pub fn device() -> burn::backend::wgpu::WgpuDevice {
    burn::backend::wgpu::WgpuDevice::default()
}
