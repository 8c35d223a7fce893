#[cfg(test)]
mod tests {
    use burn::tensor::{Device, Tensor};

    /// The device's type came from `TestBackend`: it becomes `Device::flex()`, and the drops are safe.
    #[test]
    fn sums() {
        let device = Device::flex();
        let x = Tensor::<2>::ones([2, 2], &device);
        let y: Tensor<2> = Tensor::zeros([2, 2], &device);
        assert_eq!((x + y).sum().into_data().try_to_vec::<f32>().unwrap(), vec![4.0]);
    }

    /// `Autodiff<Flex>`: `Device::flex().autodiff()`, so `backward` has a graph.
    #[test]
    fn grads() {
        let device = Device::flex().autodiff();
        let x = Tensor::<1>::ones([3], &device).require_grad();
        let g = x.clone().sum().backward();
        assert_eq!(x.grad(&g).unwrap().dims(), [3]);
    }

    /// One device for a plain and an autodiff tensor (0.21's `Flex` and `Autodiff<Flex>` share a
    /// device type): no one constructor says both, so the drops stay review.
    #[test]
    fn mixed() {
        let device = Default::default();
        let a = Tensor::<1>::ones([3], &device);
        let b = Tensor::<1>::ones([3], &device);
        assert_eq!(a.dims(), b.dims());
    }
}
