use burn::tensor::Tensor;

/// Library code: generic over the device, no backend of its own.
pub fn double(x: Tensor<2>) -> Tensor<2> {
    x.clone() + x
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::Device;

    #[test]
    fn doubles() {
        let device = Device::flex();
        let x = Tensor::<2>::ones([2, 2], &device);
        assert_eq!(double(x).into_data().to_vec::<f32>().unwrap(), vec![2.0; 4]);
    }
}
