use burn::tensor::{DType, Element};

/// The float dtype the backend computes in, read at run time.
pub fn float_dtype() -> DType {
    <f32 as Element>::dtype()
}
