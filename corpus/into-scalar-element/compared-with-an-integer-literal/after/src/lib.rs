use burn::prelude::*;

/// Labels of a batch, as an int tensor.
pub fn labels(device: &Device) -> Tensor<1, Int> {
    Tensor::from_ints([1, 2, 3, 4], device)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    #[test]
    fn labels_add_up() {
        let device = Device::flex();
        let t = super::labels(&device);
        // the integer literals typed 0.21's element: an integer
        assert_eq!(t.clone().sum().into_scalar::<i64>(), 10);
        assert_ne!(0, t.clone().max().into_scalar::<i64>());
        assert_eq!(t.min().into_scalar::<i32>(), 1i32);
    }
}
