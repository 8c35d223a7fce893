use burn::prelude::*;

/// Frees what the backend holds for the device.
fn release(device: &Device) {
    device.memory_cleanup();
}

/// Loads weights once, in the backend's persistent allocation mode (they live as long as the model).
pub fn load_weights(device: &Device, values: Vec<f32>) -> Tensor<1> {
    device.memory_persistent_allocations(values, |values| {
        release(device);
        Tensor::from_floats(values.as_slice(), device)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_load() {
        let device = Device::flex();
        let w = load_weights(&device, vec![1.0, 2.0]);
        assert_eq!(w.dims(), [2]);
    }
}
