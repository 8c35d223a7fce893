use burn::backend::wgpu::WgpuDevice;

/// The first discrete GPU: a Mac has none (the finding).
pub fn gpu() -> WgpuDevice {
    WgpuDevice::DiscreteGpu(0)
}

/// Near miss: the default adapter.
pub fn any_gpu() -> WgpuDevice {
    WgpuDevice::DefaultDevice
}
