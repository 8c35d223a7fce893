pub mod globbed;
pub mod unimported;
use burn::tensor::{DType, Element};

const HALF_EPSILON: f32 = 1e-4;
const EPSILON: f32 = 1e-10;

/// A smaller epsilon breaks half precision: read the backend's float dtype.
fn optimizer_epsilon() -> f32 {
    if matches!(f32::dtype(), DType::F16 | DType::BF16) {
        HALF_EPSILON
    } else {
        EPSILON
    }
}

pub fn epsilon_for() -> f32 {
    optimizer_epsilon()
}
