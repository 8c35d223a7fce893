use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;
use burn::tensor::Device;

type Cpu = NdArray;
type Train = Autodiff<NdArray>;

/// `Device<B>` was `B::Device`, so `Device::<Cpu>::Cpu` is `NdArrayDevice::Cpu`.
pub fn through_an_alias() -> Tensor<Cpu, 1> {
    let device = burn::tensor::Device::<Cpu>::Cpu;
    Tensor::<Cpu, 1>::ones([2], &device)
}

/// The imported `Device`, in the argument itself.
pub fn in_the_argument() -> Tensor<NdArray, 1> {
    Tensor::<NdArray, 1>::zeros([2], &Device::<NdArray>::Cpu)
}

/// An autodiff backend's device value was its autodiff device.
pub fn autodiff_backend() -> f32 {
    let device = Device::<Train>::Cpu;
    let x = Tensor::<Train, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let grads = x.clone().powf_scalar(2.0).sum().backward();
    x.grad(&grads).unwrap().sum().into_scalar()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_gradient_is_computed() {
        assert_eq!(super::autodiff_backend(), 6.0);
    }
}
