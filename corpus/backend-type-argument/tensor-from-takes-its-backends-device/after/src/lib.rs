use burn::prelude::*;

type TestDevice = Device;

/// Typed through the alias: NdArray's default device.
fn device() -> TestDevice {
    Device::ndarray()
}

/// `Tensor::<B, 1>::from(..)` took `B`'s default device.
pub fn ones() -> Tensor<1> {
    Tensor::<1>::from_data([1.0, 1.0], &Device::ndarray())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_on_ndarray_with_flex_enabled_too() {
        let x = Tensor::<2>::from_data([[1.0, 2.0]], &Device::ndarray());
        assert_eq!(x.device(), Device::ndarray());
        assert_eq!(device(), Device::ndarray());
        assert_eq!(ones().device(), device());
    }
}
