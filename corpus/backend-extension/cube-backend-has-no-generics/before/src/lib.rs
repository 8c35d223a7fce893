use burn::tensor::ops::FloatTensor;
use burn_cubecl::{CubeBackend, CubeRuntime, FloatElement, IntElement, element::BoolElement};

/// A backend that can negate a tensor in one call.
pub trait NegateBackend: burn::tensor::backend::Backend {
    fn negate(x: FloatTensor<Self>) -> FloatTensor<Self>;
}

/// Every CubeCL runtime negates with burn's own op.
impl<R: CubeRuntime, F: FloatElement, I: IntElement, BT: BoolElement> NegateBackend
    for CubeBackend<R, F, I, BT>
{
    fn negate(x: FloatTensor<Self>) -> FloatTensor<Self> {
        <Self as burn::tensor::ops::FloatTensorOps<Self>>::float_neg(x)
    }
}
