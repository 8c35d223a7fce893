use burn::prelude::Backend;

pub struct Names<B: Backend> {
    _b: core::marker::PhantomData<B>,
}

impl<B: Backend> Names<B> {
    pub fn all() -> [&'static str; 2] {
        ["weight", "bias"]
    }
}

#[cfg(test)]
mod tests {
    use burn::backend::flex::FlexDevice;
    use burn::backend::{Autodiff, Flex};
    use burn::tensor::{Device, Tensor};

    type AB = Autodiff<Flex>;

    /// Its device arrives from callers that all pass the autodiff device they made: decided.
    fn input(device: &Device<AB>) -> Tensor<AB, 2> {
        Tensor::<AB, 2>::ones([2, 2], device).require_grad()
    }

    /// A zero-argument associated fn of a project type reaches no device.
    fn names() -> usize {
        super::Names::<AB>::all().len()
    }

    /// One caller passes a plain 0.21 device (the same type as `AB`'s): stays review.
    fn mixed(device: &Device<AB>) -> Tensor<AB, 2> {
        Tensor::<AB, 2>::zeros([2, 2], device)
    }

    #[test]
    fn gradients_flow() {
        let device = Default::default();
        let x = input(&device);
        let y = Tensor::<AB, 2>::ones([2, 2], &device);
        let grads = (x.clone() * y).sum().backward();
        assert!(x.grad(&grads).is_some());
        assert_eq!(names(), 2);
    }

    #[test]
    fn mixed_devices() {
        let device = Default::default();
        let a = mixed(&device) + Tensor::<AB, 2>::ones([2, 2], &device);
        let plain = FlexDevice;
        assert_eq!(a.dims(), mixed(&plain).dims());
    }
}
