use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(width: usize, device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(width, 2).init(device) }
    }

    /// A config lent by reference too: `&Default::default()` there is no device.
    pub fn with_widths(widths: &Vec<usize>, device: &B::Device) -> Self {
        Self::new(widths.first().copied().unwrap_or(2), device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::NdArray;

    #[test]
    fn built_on_the_typed_backend() {
        // `&Default::default()` is the `device: &B::Device` parameter: NdArray's default device
        let net = Net::<NdArray>::new(2, &Default::default());
        let other = Net::<NdArray>::with_widths(&Default::default(), &Default::default());
        assert_eq!(net.fc.weight.device(), burn::backend::ndarray::NdArrayDevice::Cpu);
        assert_eq!(other.fc.weight.device(), burn::backend::ndarray::NdArrayDevice::Cpu);
    }
}
