use burn::tensor::backend::Backend;
use burn::tensor::ops::FloatTensor;
use burn::tensor::Tensor;
use burn::tensor::TensorPrimitive;

/// Works on the backend's float primitive.
pub fn raw_double<B: Backend>(x: FloatTensor<B>) -> FloatTensor<B> {
    B::float_add(x.clone(), x)
}

/// Crosses the primitive boundary both ways.
pub fn via_primitive<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    let p = x.into_primitive().tensor();
    Tensor::from_primitive(TensorPrimitive::Float(raw_double::<B>(p)))
}
