use burn::prelude::*;

pub fn timed_step<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    B::seed(device, 42);
    let x = Tensor::<B, 2>::random([8, 8], burn::tensor::Distribution::Default, device);
    let y = x.clone().matmul(x);
    B::sync(device).expect("device sync");
    y
}

pub fn release<B: Backend>(device: B::Device) {
    B::seed(&device, 7);
    B::memory_cleanup(&device);
}
