use burn::tensor::{Device, Tensor};

/// The device is typed by `CpuConfig` (through the generic alias): it becomes `Device::flex()`.
pub fn ones() -> usize {
    let device = Device::flex();
    Tensor::<1>::ones([3], &device).dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::ones(), 3);
    }
}
