use burn::tensor::Device;

pub struct Window {
    pub values: burn::tensor::Tensor<2>,
    pub mask: burn::tensor::Tensor<2, burn::tensor::Bool>,
}

impl Window {
    pub fn empty(device: &Device) -> Self {
        Self {
            values: burn::tensor::Tensor::<2>::zeros([4, 4], device),
            mask: burn::tensor::Tensor::<2, burn::tensor::Bool>::empty([4, 4], device),
        }
    }
}
