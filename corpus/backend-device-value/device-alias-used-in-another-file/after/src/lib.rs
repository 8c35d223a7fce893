pub mod pick;

use burn::tensor::{Device, DeviceKind};

/// The device type the crate runs on, named once.
pub type Dev = Device;

pub fn first() -> Dev {
    Device::wgpu(DeviceKind::DiscreteGpu(0))
}
