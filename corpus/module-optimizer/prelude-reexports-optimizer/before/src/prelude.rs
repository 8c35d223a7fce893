//! What the crate's users import with `use prelude::*`: an API, whatever this crate's own code names.
pub use burn::module::Module;
pub use burn::nn::{Linear, LinearConfig};
pub use burn::optim::{AdamConfig, GradientsParams, Optimizer};
pub use burn::tensor::Tensor;
