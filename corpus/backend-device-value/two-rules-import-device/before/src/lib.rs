use burn::backend::wgpu::Wgpu;
use burn::tensor::backend::{Backend, BackendTypes};

/// The inference backend, and its device through the backend's associated type.
pub type InferBackend = Wgpu;
pub type ModelDevice = <InferBackend as BackendTypes>::Device;

pub fn init_device(cpu: bool) -> ModelDevice {
    if cpu {
        return burn::backend::wgpu::WgpuDevice::Cpu;
    }
    Default::default()
}

pub fn seed(device: &ModelDevice) {
    InferBackend::seed(device, 7);
}
