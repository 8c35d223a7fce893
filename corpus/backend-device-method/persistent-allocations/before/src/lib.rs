use burn::prelude::*;

/// Frees what the backend holds for the device.
fn release<B: Backend>(device: &B::Device) {
    B::memory_cleanup(device);
}

/// Loads weights once, in the backend's persistent allocation mode (they live as long as the model).
pub fn load_weights<B: Backend>(device: &B::Device, values: Vec<f32>) -> Tensor<B, 1> {
    B::memory_persistent_allocations(device, values, |values| {
        release::<B>(device);
        Tensor::from_floats(values.as_slice(), device)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::Flex;

    #[test]
    fn weights_load() {
        let device = Default::default();
        let w = load_weights::<Flex>(&device, vec![1.0, 2.0]);
        assert_eq!(w.dims(), [2]);
    }
}
