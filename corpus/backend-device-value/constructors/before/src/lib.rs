use burn::backend::flex::FlexDevice;
use burn::backend::wgpu::WgpuDevice;

/// The devices this program can run on.
pub struct Devices {
    pub gpu: WgpuDevice,
    pub second_gpu: WgpuDevice,
    pub cpu: FlexDevice,
}

pub fn devices() -> Devices {
    Devices {
        gpu: WgpuDevice::default(),
        second_gpu: WgpuDevice::DiscreteGpu(1),
        cpu: FlexDevice,
    }
}
