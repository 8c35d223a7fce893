use burn::prelude::*;

pub fn shapes(device: &Device) -> [usize; 2] {
    Tensor::<2>::zeros([2, 3], device).dims()
}

pub fn launch() -> [usize; 2] {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    shapes(&device.autodiff())
}
