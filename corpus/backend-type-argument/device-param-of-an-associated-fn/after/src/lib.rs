use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(width: usize, device: &Device) -> Self {
        Self { fc: LinearConfig::new(width, 2).init(device) }
    }

    /// A config lent by reference too: `&Default::default()` there is no device.
    pub fn with_widths(widths: &Vec<usize>, device: &Device) -> Self {
        Self::new(widths.first().copied().unwrap_or(2), device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_on_the_typed_backend() {
        // `&Default::default()` is the `device: &B::Device` parameter: NdArray's default device
        let net = Net::new(2, &Device::ndarray());
        let other = Net::with_widths(&Default::default(), &Device::ndarray());
        assert_eq!(net.fc.weight.device(), Device::ndarray());
        assert_eq!(other.fc.weight.device(), Device::ndarray());
    }
}
