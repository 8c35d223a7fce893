use burn::prelude::*;

/// Where the user asked to run: the project's own names, not burn's backends.
pub enum DeviceSpec {
    Cpu,
    Cuda(usize),
}

// On a Cuda machine this would pick the GPU; here everything runs on Flex.
pub const LABEL: &str = "Metal or Wgpu are not used";

pub fn device(_spec: &DeviceSpec) -> Device {
    Device::flex()
}
