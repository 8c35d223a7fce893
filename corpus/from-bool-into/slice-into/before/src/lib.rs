use burn::prelude::*;
use burn::tensor::{Bool, TensorData};

/// A mask from a slice: 0.21's `from_bool` took `TensorData`, which typed the `.into()`.
pub fn mask<B: Backend>(values: &[bool], device: &B::Device) -> Tensor<B, 1, Bool> {
    Tensor::<B, 1, Bool>::from_bool(values.into(), device)
}

/// Already `TensorData`: nothing to drop.
pub fn mask_data<B: Backend>(values: Vec<bool>, device: &B::Device) -> Tensor<B, 1, Bool> {
    let n = values.len();
    Tensor::<B, 1, Bool>::from_bool(TensorData::new(values, [n]), device)
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
        let device = Default::default();
        let m = mask::<burn::backend::Flex>(&[true, false, true], &device);
        assert_eq!(m.into_data().to_vec::<bool>().unwrap(), vec![true, false, true]);
    }
}
