use burn::tensor::{Device, Tensor};

/// Made here, by its backend's own constructor, in a fn that names no autodiff: it is a plain
/// device in 0.22 too, whatever the file's other fns train on.
pub fn plain_ones() -> Vec<f32> {
    let device = Device::flex();
    let ones = Tensor::<1>::ones([3], &device);
    ones.into_data().try_to_vec().unwrap()
}

/// Its device arrives from the caller, who trains on the same value: this one stays review.
fn plain_from(device: &Device) -> Tensor<1> {
    Tensor::<1>::ones([3], device)
}

/// Names autodiff itself: its plain backend may be what kept a tensor off the graph.
pub fn train_step() -> usize {
    let device = Device::flex();
    let x = Tensor::<1>::ones([3], &device);
    let plain = Tensor::<1>::zeros([3], &device);
    x.dims()[0] + plain_from(&device).dims()[0] + plain.dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_values() {
        assert_eq!(super::plain_ones(), vec![1.0, 1.0, 1.0]);
        assert_eq!(super::train_step(), 9);
    }
}
