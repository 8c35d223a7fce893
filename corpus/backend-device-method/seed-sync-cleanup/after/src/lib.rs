use burn::prelude::*;

pub fn timed_step(device: &Device) -> Tensor<2> {
    device.seed(42);
    let x = Tensor::<2>::random([8, 8], burn::tensor::Distribution::Default, device);
    let y = x.clone().matmul(x);
    device.sync().expect("device sync");
    y
}

pub fn release(device: Device) {
    device.seed(7);
    device.memory_cleanup();
}
