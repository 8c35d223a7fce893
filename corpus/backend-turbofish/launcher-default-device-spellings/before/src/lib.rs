use burn::backend::{Autodiff, Wgpu};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn run<B: AutodiffBackend>(epochs: usize, device: B::Device) {
    for _ in 0..epochs {
        let x = Tensor::<B, 1>::ones([2], &device).require_grad();
        let _grads = x.sum().backward();
    }
}

/// The launcher: the backend type chose the device.
pub fn main_entry() {
    run::<Autodiff<Wgpu>>(10, Default::default());
}

/// The same default, spelled by its full path.
pub fn main_by_path() {
    run::<Autodiff<Wgpu>>(10, std::default::Default::default());
}

/// The same default, spelled with an inferred type.
pub fn main_inferred() {
    run::<Autodiff<Wgpu>>(10, <_>::default());
}
