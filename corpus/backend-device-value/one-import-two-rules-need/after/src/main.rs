use burn::tensor::{Device, Distribution, Tensor, TensorData};
use burn::tensor::DeviceKind;

/// Its `&B::Device` becomes `&Device`: backend-device-type imports `Device` (into the list).
fn probe(device: &Device) -> f32 {
    let device = &device.clone().autodiff();
    let x: Tensor<2> = Tensor::random([2, 2], Distribution::Default, device);
    let _ = TensorData::from([1.0f32]);
    x.sum().into_scalar::<f32>()
}

/// The device value becomes `Device::wgpu(DeviceKind::DefaultDevice)`: backend-device-value
/// imports `Device` and `DeviceKind` (a line of its own: the list would pass 100 columns).
fn main() {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    println!("{}", probe(&device.autodiff()));
}
