use burn::tensor::{Tensor, backend::AutodiffBackend};

/// A project trait over burn's backend: what it bounds stays generic (a finding).
pub trait Sampler: AutodiffBackend {
    fn temperature() -> f32;
}

pub fn temperature<B: Sampler>() -> f32 {
    B::temperature()
}

/// Erased: `B::Device` becomes `Device`, whose import goes into the `use` list that
/// backend-import edits in the same round (it moves `AutodiffBackend` out of it).
pub fn zeros<B: AutodiffBackend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::<B, 1>::zeros([4], device)
}
