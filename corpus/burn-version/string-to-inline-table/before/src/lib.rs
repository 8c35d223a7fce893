use burn::tensor::backend::Backend;

/// The device every tensor of this crate lives on.
pub fn device<B: Backend>() -> B::Device {
    B::Device::default()
}
