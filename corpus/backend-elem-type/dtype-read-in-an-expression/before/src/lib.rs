pub mod globbed;
pub mod unimported;
use burn::tensor::{DType, Element, backend::Backend};

const HALF_EPSILON: f32 = 1e-4;
const EPSILON: f32 = 1e-10;

/// A smaller epsilon breaks half precision: read the backend's float dtype.
fn optimizer_epsilon<B: Backend>() -> f32 {
    if matches!(B::FloatElem::dtype(), DType::F16 | DType::BF16) {
        HALF_EPSILON
    } else {
        EPSILON
    }
}

pub fn epsilon_for<B: Backend>() -> f32 {
    optimizer_epsilon::<B>()
}
