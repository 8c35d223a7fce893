//! A device annotated with its backend's own 0.21 type, given to calls that name the autodiff
//! backend over it: 0.21's one `NdArrayDevice` served `Autodiff<NdArray>`, the type choosing.
use burn::tensor::{Device, Tensor};

/// Whether the gradient of a sum reaches the tensor it was taken of.
pub fn sum_has_a_gradient() -> bool {
    let device: Device = Device::ndarray().autodiff();
    let x = Tensor::<1>::ones([3], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_gradient_reaches_the_leaf() {
        assert!(super::sum_has_a_gradient());
    }
}
