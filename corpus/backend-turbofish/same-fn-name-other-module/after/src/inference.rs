use burn::prelude::*;

/// Same name, another module: the device second.
pub fn run(count: usize, device: &Device) -> Tensor<1> {
    let device = &device.clone().autodiff();
    Tensor::ones([count], device)
}
