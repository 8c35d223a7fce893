use burn::tensor::backend::Backend;

pub struct Window<B: Backend> {
    pub values: burn::tensor::Tensor<B, 2>,
    pub mask: burn::tensor::Tensor<B, 2, burn::tensor::Bool>,
}

impl<B: Backend> Window<B> {
    pub fn empty(device: &B::Device) -> Self {
        Self {
            values: burn::tensor::Tensor::<B, 2>::zeros([4, 4], device),
            mask: burn::tensor::Tensor::<B, 2, burn::tensor::Bool>::empty([4, 4], device),
        }
    }
}
