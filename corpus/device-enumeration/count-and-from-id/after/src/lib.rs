use burn::prelude::*;
use burn::tensor::DeviceId;
use burn::backend::Backend;

/// Every device of the backend's first device type, as 0.21 listed them.
pub fn devices<B: Backend>() -> Vec<B::Device> {
    let type_id = 0;
    let count = B::device_count(type_id);
    (0..count).map(|i| B::Device::from_id(DeviceId::new(type_id, i as u16))).collect()
}
