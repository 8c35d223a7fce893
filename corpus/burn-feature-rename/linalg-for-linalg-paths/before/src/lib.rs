use burn::tensor::Tensor;
use burn::tensor::backend::Backend;
use burn::tensor::linalg::vector_norm;

pub fn l2<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {
    vector_norm(x, 2.0, 0)
}
