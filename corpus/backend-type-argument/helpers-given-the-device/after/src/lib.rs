pub struct Names {
}

impl Names {
    pub fn all() -> [&'static str; 2] {
        ["weight", "bias"]
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, Tensor};

    /// Its device arrives from callers that all pass the autodiff device they made: decided.
    fn input(device: &Device) -> Tensor<2> {
        Tensor::<2>::ones([2, 2], device).require_grad()
    }

    /// A zero-argument associated fn of a project type reaches no device.
    fn names() -> usize {
        super::Names::all().len()
    }

    /// One caller passes a plain 0.21 device (the same type as `AB`'s): stays review.
    fn mixed(device: &Device) -> Tensor<2> {
        Tensor::<2>::zeros([2, 2], device)
    }

    #[test]
    fn gradients_flow() {
        let device = Device::flex().autodiff();
        let x = input(&device);
        let y = Tensor::<2>::ones([2, 2], &device);
        let grads = (x.clone() * y).sum().backward();
        assert!(x.grad(&grads).is_some());
        assert_eq!(names(), 2);
    }

    #[test]
    fn mixed_devices() {
        let device = Device::flex().autodiff();
        let a = mixed(&device) + Tensor::<2>::ones([2, 2], &device);
        let plain = Device::flex();
        assert_eq!(a.dims(), mixed(&plain).dims());
    }
}
