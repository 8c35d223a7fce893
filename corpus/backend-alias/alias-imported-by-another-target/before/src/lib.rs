use burn::prelude::*;

/// Imported by name from an example: it goes, and so does that import.
pub type MyBackend = burn::backend::Flex;

/// Imported under another name (`as Fx`), whose uses all go: it goes too, and so does that import.
pub type Fast = burn::backend::Flex;

pub fn zeros<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    Tensor::zeros([2, 2], device)
}
