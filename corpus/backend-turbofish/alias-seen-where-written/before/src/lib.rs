use burn::prelude::Backend;
use burn::tensor::Tensor;

pub fn ones<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::<B, 1>::ones([3], device)
}

/// Makes its device from its caller's type: in 0.22 that is `Device::default()` (review).
pub fn ones_on_default<B: Backend>() -> Tensor<B, 1> {
    let device: B::Device = Default::default();
    Tensor::<B, 1>::ones([3], &device)
}

#[cfg(test)]
mod tests {
    use burn::backend::Flex;
    use burn::backend::flex::FlexDevice;
    use burn::prelude::Backend;

    /// A fn-local alias is seen where it is written (the index holds the module's aliases only):
    /// `super::ones::<B>` loses `B` like any backend argument.
    #[test]
    fn fn_local_alias() {
        type B = Flex;
        let device = FlexDevice;
        Flex::<f32>::seed(&device, 7);
        let t = super::ones::<B>(&device);
        assert_eq!(t.dims(), [3]);
        assert_eq!(super::ones_on_default::<B>().dims(), [3]);
    }

    /// One that fixed an element type says so.
    #[cfg(feature = "half")]
    #[test]
    fn half_alias() {
        type B = burn::backend::Cuda<burn::tensor::bf16>;
        let device = Default::default();
        assert_eq!(super::ones::<B>(&device).dims(), [3]);
    }
}
