use burn::tensor::{Device, Tensor};

pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::<1>::ones([3], device)
}

/// Makes its device from its caller's type: in 0.22 that is `Device::default()` (review).
pub fn ones_on_default() -> Tensor<1> {
    let device: Device = Default::default();
    Tensor::<1>::ones([3], &device)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    /// A fn-local alias is seen where it is written (the index holds the module's aliases only):
    /// `super::ones::<B>` loses `B` like any backend argument.
    #[test]
    fn fn_local_alias() {
        let device = Device::flex();
        device.seed(7);
        let t = super::ones(&device);
        assert_eq!(t.dims(), [3]);
        assert_eq!(super::ones_on_default().dims(), [3]);
    }

    /// One that fixed an element type says so.
    #[cfg(feature = "half")]
    #[test]
    fn half_alias() {
        let device = Default::default();
        assert_eq!(super::ones(&device).dims(), [3]);
    }
}
