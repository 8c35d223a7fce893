use burn::backend::{Autodiff, Flex, NdArray};
use burn::tensor::backend::{Backend, BackendTypes};
use burn::tensor::Tensor;

/// The return type made this default Flex's device; 0.22.1's `Device::default()` picks a
/// backend at run time among the enabled ones (here Flex and NdArray).
pub fn cpu_device() -> <Flex as BackendTypes>::Device {
    Default::default()
}

pub fn array_device() -> <NdArray as BackendTypes>::Device {
    Default::default()
}

/// An autodiff backend's: 0.21's default device of `Autodiff<Flex>` trained (reading 63: nine
/// tests panicked in `backward()` when this stayed `Default::default()`).
type TrainB = Autodiff<Flex>;

fn train_device() -> <TrainB as BackendTypes>::Device {
    Default::default()
}

/// d/dx sum(x^2) at x = [1, 2], summed: 2 + 4 = 6.
pub fn grad_sum() -> f32 {
    let x = Tensor::<TrainB, 1>::from_floats([1.0, 2.0], &train_device()).require_grad();
    let grads = (x.clone() * x.clone()).sum().backward();
    x.grad(&grads).unwrap().sum().into_scalar()
}

/// A generic one is left to its callers (they chose `B`).
pub fn any_device<B: Backend>() -> B::Device {
    Default::default()
}

pub fn total() -> usize {
    let a = Tensor::<Flex, 1>::ones([2], &cpu_device());
    let b = Tensor::<NdArray, 1>::ones([3], &array_device());
    let c = Tensor::<Flex, 1>::ones([4], &any_device::<Flex>());
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
