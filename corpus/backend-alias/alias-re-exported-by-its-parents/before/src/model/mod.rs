//! Tensor kernels tuned per backend.
mod native;

pub use native::{NativeBackend, ones};
