use burn::tensor::{Device, Tensor};

/// The return type made this default Flex's device; 0.22.1's `Device::default()` picks a
/// backend at run time among the enabled ones (here Flex and NdArray).
pub fn cpu_device() -> Device {
    Device::flex()
}

pub fn array_device() -> Device {
    Device::ndarray()
}

fn train_device() -> Device {
    Device::flex().autodiff()
}

/// d/dx sum(x^2) at x = [1, 2], summed: 2 + 4 = 6.
pub fn grad_sum() -> f32 {
    let x = Tensor::<1>::from_floats([1.0, 2.0], &train_device()).require_grad();
    let grads = (x.clone() * x.clone()).sum().backward();
    x.grad(&grads).unwrap().sum().into_scalar()
}

/// A generic one is left to its callers (they chose `B`).
pub fn any_device() -> Device {
    Default::default()
}

pub fn total() -> usize {
    let a = Tensor::<1>::ones([2], &cpu_device());
    let b = Tensor::<1>::ones([3], &array_device());
    let c = Tensor::<1>::ones([4], &any_device());
    a.dims()[0] + b.dims()[0] + c.dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn gradient_on_the_helpers_device() {
        assert_eq!(super::grad_sum(), 6.0);
        assert_eq!(super::total(), 9);
    }
}
