use burn::tensor::{Tensor, backend::Backend as BurnBackend, ops::FloatTensor};

pub trait CustomOps: BurnBackend {
    fn quadratic(x: FloatTensor<Self>) -> FloatTensor<Self>;
}

pub fn q<B: BurnBackend>(x: FloatTensor<B>) -> FloatTensor<B> {
    B::float_add(x.clone(), x)
}

pub fn t<B: CustomOps>(x: Tensor<B, 1>) -> Tensor<B, 1> {
    x
}
