use burn::prelude::*;
use burn::tensor::{Bool, TensorData};

/// A mask from a slice: 0.21's `from_bool` took `TensorData`, which typed the `.into()`.
pub fn mask(values: &[bool], device: &Device) -> Tensor<1, Bool> {
    Tensor::<1, Bool>::from_bool(values, device)
}

/// Already `TensorData`: nothing to drop.
pub fn mask_data(values: Vec<bool>, device: &Device) -> Tensor<1, Bool> {
    let n = values.len();
    Tensor::<1, Bool>::from_bool(TensorData::new(values, [n]), device)
}

/// The project's own `from_bool` is not burn's.
pub struct Flags(pub Vec<bool>);

impl Flags {
    pub fn from_bool(data: Vec<bool>) -> Self {
        Flags(data)
    }
}

pub fn flags(values: &[bool]) -> Flags {
    Flags::from_bool(values.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_keeps_its_values() {
        let device = Device::flex();
        let m = mask(&[true, false, true], &device);
        assert_eq!(m.into_data().try_to_vec::<bool>().unwrap(), vec![true, false, true]);
    }
}
