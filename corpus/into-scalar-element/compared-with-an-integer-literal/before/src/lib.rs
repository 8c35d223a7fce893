use burn::prelude::*;

/// Labels of a batch, as an int tensor.
pub fn labels<B: Backend>(device: &B::Device) -> Tensor<B, 1, Int> {
    Tensor::from_ints([1, 2, 3, 4], device)
}

#[cfg(test)]
mod tests {
    use burn::backend::Flex;

    #[test]
    fn labels_add_up() {
        let device = Default::default();
        let t = super::labels::<Flex>(&device);
        // the integer literals typed 0.21's element: an integer
        assert_eq!(t.clone().sum().into_scalar(), 10);
        assert_ne!(0, t.clone().max().into_scalar());
        assert_eq!(t.min().into_scalar(), 1i32);
    }
}
