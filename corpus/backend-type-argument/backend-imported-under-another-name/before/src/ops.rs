use burn::backend::flex::FlexDevice;
use burn::tensor::Tensor;

use crate::Cpu;

pub fn ones(device: &FlexDevice) -> Tensor<Cpu, 2> {
    Tensor::<Cpu, 2>::ones([2, 2], device)
}

pub fn wide_ones(device: &FlexDevice) -> Tensor<Cpu<f32, i32>, 2> {
    Tensor::<Cpu<f32, i32>, 2>::ones([2, 2], device)
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::{Int, Tensor as BurnTensor, TensorData};

    #[test]
    fn through_a_renamed_tensor() {
        let device = FlexDevice;
        let x = BurnTensor::<Cpu, 2, Int>::from_ints([[1, 2], [3, 4]], &device);
        let y = BurnTensor::<Cpu, 2>::from_data(TensorData::from([[1.0f32, 2.0]]), &device);
        assert_eq!(x.dims(), [2, 2]);
        assert_eq!(y.dims(), [1, 2]);
        assert_eq!(ones(&device).dims(), [2, 2]);
    }
}
