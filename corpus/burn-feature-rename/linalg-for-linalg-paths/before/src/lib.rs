use burn::tensor::Tensor;
use burn::tensor::linalg::vector_norm;

pub fn l2(x: Tensor<1>) -> Tensor<1> {
    vector_norm(x, 2.0, 0)
}
