use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// Runs the experiment on every seed: forwards the device, so it is not where autodiff starts.
pub fn launch<B: AutodiffBackend>(device: B::Device) {
    for seed in 0..3 {
        run::<B>(device.clone(), seed);
    }
}

pub fn run<B: AutodiffBackend>(device: B::Device, seed: u64) {
    B::seed(&device, seed);
    let x = Tensor::<B, 1>::ones([3], &device).require_grad();
    let _grads = x.sum().backward();
}
