pub mod pick;

use burn::backend::wgpu::WgpuDevice;

/// The device type the crate runs on, named once.
pub type Dev = WgpuDevice;

pub fn first() -> Dev {
    Dev::DiscreteGpu(0)
}
