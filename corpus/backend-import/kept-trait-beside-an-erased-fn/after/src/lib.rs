use burn::tensor::{Device, Tensor};
use burn::backend::Backend;

/// A project trait over burn's backend: kept generic (a finding), so `Backend` moves to `burn::backend`.

pub trait Quantize: Backend {
    fn bits() -> u32;
}

pub fn bits<B: Quantize>() -> u32 {
    B::bits()
}

/// Erased this round: its `B::Device` becomes `Device`, imported into the same `use` list.
pub fn run(device: &Device) -> Tensor<1> {
    let device = &device.clone().autodiff();
    Tensor::<1>::zeros([2], device)
}
