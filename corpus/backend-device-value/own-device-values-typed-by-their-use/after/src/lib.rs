use burn::prelude::*;
use burn::tensor::DType;

/// A test backend's own device value whose every use is autodiff: 0.22.1's device must be too.
pub fn gradient_is_tracked() -> bool {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.25, 0.5], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

/// A helper typed by NdArray's device: its callers' `Default::default()` was NdArray's.
fn indices_on(device: &Device) -> Tensor<1, Int> {
    Tensor::arange(0..3, device)
}

pub fn ndarray_index_dtype() -> DType {
    let device = Device::ndarray();
    indices_on(&device).dtype()
}

/// A fn returning NdArray's device by inference.
fn cpu() -> Device {
    Device::ndarray()
}

pub fn ndarray_dtype_from_the_fn() -> DType {
    Tensor::<1, Int>::arange(0..2, &cpu()).dtype()
}

fn made(device: &Device) -> Result<Tensor<1, Int>, String> {
    Ok(Tensor::arange(0..4, device))
}

/// The device reaches a typed `let` through `?`-less unwrapping: `.expect(..)`.
pub fn unwrapped_dtype() -> DType {
    let device = Device::ndarray();
    let t: Tensor<1, Int> = made(&device).expect("made");
    t.dtype()
}

#[cfg(test)]
mod tests {
    use burn::tensor::DType;

    #[test]
    fn each_device_is_the_backend_0_21_chose() {
        assert!(super::gradient_is_tracked());
        // NdArray's integers are i64 (Flex's, which `Device::default()` would pick first, are i32)
        assert_eq!(super::ndarray_index_dtype(), DType::I64);
        assert_eq!(super::ndarray_dtype_from_the_fn(), DType::I64);
        assert_eq!(super::unwrapped_dtype(), DType::I64);
    }
}
