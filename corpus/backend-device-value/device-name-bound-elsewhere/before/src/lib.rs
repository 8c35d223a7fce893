use burn::backend::flex::FlexDevice;
use burn::backend::Flex;
use burn::tensor::Tensor;

use crate::hardware::Device;

/// The project's own `Device` (a hardware description), imported by name.
pub mod hardware {
    #[derive(Debug, Default)]
    pub struct Device {
        pub cores: usize,
    }
}

/// `FlexDevice` becomes burn's `Device`, written with its path: the bare name is the project's.
pub fn zeros(device: &FlexDevice) -> Tensor<Flex, 2> {
    Tensor::zeros([2, 2], device)
}

pub fn describe(hw: &Device) -> String {
    format!("{} cores", hw.cores)
}

#[cfg(test)]
mod tests {
    #[test]
    fn zeros_on_flex() {
        assert_eq!(super::zeros(&burn::backend::flex::FlexDevice).dims(), [2, 2]);
    }
}
