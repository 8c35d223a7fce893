use burn::tensor::{Device, DeviceKind, Distribution, Tensor};

pub fn noise(device: &Device) -> Tensor<2> {
    Tensor::random([2, 2], Distribution::Default, device)
}

pub fn grad_of_sum(x: Tensor<2>) -> Tensor<2> {
    let x = x.require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).unwrap()
}

pub fn demo() -> [usize; 2] {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    noise(&device.autodiff()).dims()
}
