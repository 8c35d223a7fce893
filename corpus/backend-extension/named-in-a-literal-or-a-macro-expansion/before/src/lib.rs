use burn::prelude::*;
use burn::tensor::ops::FloatTensor;

/// Kept generic: it holds a backend primitive.
pub struct Kept<B: Backend> {
    pub device: B::Device,
    pub cache: Option<FloatTensor<B>>,
}

/// Builds the kept struct by a literal: `Kept::<B> { .. }` names `B`, so `B` stays.
pub fn build<B: Backend>(device: &B::Device) -> usize {
    let kept = Kept::<B> { device: device.clone(), cache: None };
    usize::from(kept.cache.is_none())
}

/// Its expansion names `B`, resolved where the macro is called.
macro_rules! build_here {
    ($device:expr) => {
        build::<B>($device)
    };
}

/// Calls the macro: its `B` stays.
pub fn outer<B: Backend>(device: &B::Device) -> usize {
    build_here!(device)
}

/// Erased: nothing here needs the backend type.
pub fn zeros<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::zeros([1], device)
}
