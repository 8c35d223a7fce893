use burn::prelude::*;

pub fn run(device: Device) -> usize {
    Tensor::<1>::ones([3], &device).dims()[0]
}

#[cfg(not(feature = "half"))]
type ElemType = f32;
#[cfg(feature = "half")]
type ElemType = burn::tensor::f16;

/// Each `#[cfg]` alternative makes Flex's own device: the drop is decided.
pub fn launch() -> usize {
    #[cfg(not(feature = "fast"))]
    let device = Device::flex();
    #[cfg(feature = "fast")]
    let device = Device::flex();
    run(device)
}

/// The element type may be f16 (a `#[cfg]` alternative): the device must be configured.
pub fn launch_with_elem() -> usize {
    let device = Device::flex();
    run(device)
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::launch(), 3);
        assert_eq!(super::launch_with_elem(), 3);
    }
}
