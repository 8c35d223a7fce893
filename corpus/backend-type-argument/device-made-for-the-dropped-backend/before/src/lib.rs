#[cfg(test)]
mod tests {
    use burn::backend::{Autodiff, Flex};
    use burn::tensor::Tensor;

    type TestBackend = Flex;
    type TestAutodiff = Autodiff<Flex>;

    /// The device's type came from `TestBackend`: it becomes `Device::flex()`, and the drops are safe.
    #[test]
    fn sums() {
        let device = Default::default();
        let x = Tensor::<TestBackend, 2>::ones([2, 2], &device);
        let y: Tensor<TestBackend, 2> = Tensor::zeros([2, 2], &device);
        assert_eq!((x + y).sum().into_data().to_vec::<f32>().unwrap(), vec![4.0]);
    }

    /// `Autodiff<Flex>`: `Device::flex().autodiff()`, so `backward` has a graph.
    #[test]
    fn grads() {
        let device = Default::default();
        let x = Tensor::<TestAutodiff, 1>::ones([3], &device).require_grad();
        let g = x.clone().sum().backward();
        assert_eq!(x.grad(&g).unwrap().dims(), [3]);
    }

    /// One device for a plain and an autodiff tensor (0.21's `Flex` and `Autodiff<Flex>` share a
    /// device type): no one constructor says both, so the drops stay review.
    #[test]
    fn mixed() {
        let device = Default::default();
        let a = Tensor::<TestBackend, 1>::ones([3], &device);
        let b = Tensor::<TestAutodiff, 1>::ones([3], &device);
        assert_eq!(a.dims(), b.dims());
    }
}
