use burn::tensor::{Tensor, TensorPrimitive, backend::Backend};

/// Backend-primitive code stays generic (its finding says why); its imports still move.
pub fn primitive<B: Backend>(x: Tensor<B, 2>) -> TensorPrimitive<B> {
    x.into_primitive()
}
