use burn::tensor::Device;

/// The device every tensor of this crate lives on.
pub fn device() -> Device {
    Device::default()
}
