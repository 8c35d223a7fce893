use burn::tensor::{Device, Tensor};

pub fn ones(device: &Device) -> Tensor<2> {
    Tensor::<2>::ones([2, 2], device)
}

pub fn wide_ones(device: &Device) -> Tensor<2> {
    Tensor::<2>::ones([2, 2], device)
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::{Int, Tensor as BurnTensor, TensorData};

    #[test]
    fn through_a_renamed_tensor() {
        let device = Device::flex();
        let x = BurnTensor::<2, Int>::from_ints([[1, 2], [3, 4]], &device);
        let y = BurnTensor::<2>::from_data(TensorData::from([[1.0f32, 2.0]]), &device);
        assert_eq!(x.dims(), [2, 2]);
        assert_eq!(y.dims(), [1, 2]);
        assert_eq!(ones(&device).dims(), [2, 2]);
    }
}
