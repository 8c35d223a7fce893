use burn::backend::ndarray::NdArrayDevice;
use burn::backend::wgpu::WgpuDevice;

/// The project's device types, under its own names (`Cpu` is also a burn backend's name).
pub type Gpu = WgpuDevice;
type Cpu = NdArrayDevice;

pub fn gpu() -> Gpu {
    Gpu::default()
}

pub fn cpu() -> Cpu {
    Cpu::Cpu
}
