/// The GPU build is the project's `native` feature: burn's `vulkan` turns `wgpu` on with it.
#[cfg(feature = "native")]
pub fn device() -> burn::tensor::Device {
    use burn::tensor::{Device, DeviceKind};
    Device::wgpu(DeviceKind::DefaultDevice)
}
