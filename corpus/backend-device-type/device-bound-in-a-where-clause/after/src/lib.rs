use burn::tensor::Device;

pub mod infer;

/// An encoder that keeps the device its weights live on.
pub struct Encoder {
    pub device: Device,
}
