use burn::prelude::*;
use burn::tensor::{DType, Element};

/// The float dtype the backend computes in, read at run time.
pub fn float_dtype<B: Backend>() -> DType {
    <B::FloatElem as Element>::dtype()
}
