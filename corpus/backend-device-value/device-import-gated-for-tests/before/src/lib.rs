use burn::backend::flex::FlexDevice;
#[cfg(test)]
use burn::tensor::Device;

pub fn device() -> FlexDevice {
    FlexDevice
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same() {
        let d: Device<burn::backend::Flex> = device();
        assert_eq!(d, device());
    }
}
