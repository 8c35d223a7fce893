use burn::tensor::backend::Backend;

pub mod infer;

/// An encoder that keeps the device its weights live on.
pub struct Encoder<B: Backend> {
    pub device: B::Device,
}
