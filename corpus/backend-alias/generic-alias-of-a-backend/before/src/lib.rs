use burn::backend::Flex;
use burn::tensor::Tensor;

/// An alias whose parameters are its backend's element types: 0.22.1's `Flex` takes none.
type CpuBackend<E, I> = Flex<E, I>;
type CpuConfig = CpuBackend<f32, i32>;

/// The device is typed by `CpuConfig` (through the generic alias): it becomes `Device::flex()`.
pub fn ones() -> usize {
    let device = Default::default();
    Tensor::<CpuConfig, 1>::ones([3], &device).dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::ones(), 3);
    }
}
