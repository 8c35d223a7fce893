/// Named by `main.rs` only in a turbofish and a `seed` call, which the migration rewrites: both
/// aliases go in the same run (the next run deleted them: a second apply changed the code).
pub type TrainBackend = burn::backend::Autodiff<burn::backend::Flex>;
pub type InferBackend = burn::backend::Flex;

pub fn device() -> burn::backend::flex::FlexDevice {
    burn::backend::flex::FlexDevice
}
