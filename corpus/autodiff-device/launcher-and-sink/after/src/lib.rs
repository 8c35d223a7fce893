use burn::prelude::*;

/// Runs the experiment on every seed: forwards the device, so it is not where autodiff starts.
pub fn launch(device: Device) {
    for seed in 0..3 {
        run(device.clone(), seed);
    }
}

pub fn run(device: Device, seed: u64) {
    let device = device.autodiff();
    device.seed(seed);
    let x = Tensor::<1>::ones([3], &device).require_grad();
    let _grads = x.sum().backward();
}
