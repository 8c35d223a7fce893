use burn::prelude::*;

pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([2], device)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    #[test]
    fn on_ndarray() {
        let device = Device::ndarray();
        assert_eq!(super::ones(&device).dims(), [2]);
    }
}
