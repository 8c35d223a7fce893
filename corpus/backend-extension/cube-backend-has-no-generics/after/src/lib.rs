use burn::backend::tensor::FloatTensor;
use burn_cubecl::{CubeBackend, CubeRuntime, FloatElement, IntElement, element::BoolElement};

/// A backend that can negate a tensor in one call.
pub trait NegateBackend: burn::backend::Backend {
    fn negate(x: FloatTensor<Self>) -> FloatTensor<Self>;
}

/// Every CubeCL runtime negates with burn's own op.
impl<R: CubeRuntime, F: FloatElement, I: IntElement, BT: BoolElement> NegateBackend
    for CubeBackend<R, F, I, BT>
{
    fn negate(x: FloatTensor<Self>) -> FloatTensor<Self> {
        <Self as burn::backend::ops::FloatTensorOps<Self>>::float_neg(x)
    }
}
