/// A wgpu-only helper whose signature names the device type: its 0.22 type is written with its
/// path (an import inside the gated fn's body does not reach its signature).
#[cfg(feature = "wgpu")]
pub fn describe(device: &burn::tensor::Device) -> String {
    format!("{device:?}")
}

/// The device goes to cubecl's runtime API, which takes cubecl's own `WgpuDevice`: left as it is.
#[cfg(feature = "gpu-stats")]
pub fn bytes_in_use(device: &burn::backend::wgpu::WgpuDevice) -> Option<u64> {
    use cubecl::Runtime;
    let usage = burn::backend::wgpu::WgpuRuntime::client(device).memory_usage().ok()?;
    Some(usage.bytes_in_use)
}
