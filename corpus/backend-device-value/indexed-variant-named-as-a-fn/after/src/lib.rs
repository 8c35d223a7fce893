use burn::backend::wgpu::WgpuDevice;
use burn::tensor::{Device, DeviceKind};

fn each(count: usize, make: fn(usize) -> Device) -> Vec<Device> {
    (0..count).map(make).collect()
}

/// `WgpuDevice::DiscreteGpu` named as a fn (`fn(usize) -> WgpuDevice`): no `Device` value is
/// it, so it is left with a finding; the call `WgpuDevice::DiscreteGpu(0)` is a device.
pub fn gpus() -> Vec<Device> {
    let mut all = each(2, WgpuDevice::DiscreteGpu);
    all.extend((0..1).map(WgpuDevice::IntegratedGpu));
    all.push(Device::wgpu(DeviceKind::DiscreteGpu(0)));
    all
}
