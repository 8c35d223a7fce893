use burn::backend::ndarray::NdArrayDevice;
use burn::backend::NdArray;
use burn::prelude::*;

type B = NdArray;
type TestDevice = NdArrayDevice;

/// Typed through the alias: NdArray's default device.
fn device() -> TestDevice {
    Default::default()
}

/// `Tensor::<B, 1>::from(..)` took `B`'s default device.
pub fn ones() -> Tensor<B, 1> {
    Tensor::<B, 1>::from([1.0, 1.0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_on_ndarray_with_flex_enabled_too() {
        let x = Tensor::<B, 2>::from([[1.0, 2.0]]);
        assert_eq!(x.device(), NdArrayDevice::Cpu);
        assert_eq!(device(), NdArrayDevice::Cpu);
        assert_eq!(ones().device(), device());
    }
}
