use burn::backend::flex::FlexDevice;
use std::any::Any;
use burn::tensor::Device;

/// A runtime test for the 0.21 device type: with `Device` it would always hold.
pub fn is_flex(device: &dyn Any) -> bool {
    device.downcast_ref::<FlexDevice>().is_some()
}

/// Near miss: a device value, which becomes its constructor.
pub fn make() -> Device {
    Device::flex()
}
