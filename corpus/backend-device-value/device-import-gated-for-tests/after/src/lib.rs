#[cfg(test)]
use burn::tensor::Device;

pub fn device() -> burn::tensor::Device {
    burn::tensor::Device::flex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same() {
        let d: Device = device();
        assert_eq!(d, device());
    }
}
