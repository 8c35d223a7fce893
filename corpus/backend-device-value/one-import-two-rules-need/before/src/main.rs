use burn::{
    backend::{Autodiff, Wgpu},
    tensor::{Distribution, ElementConversion, Tensor, TensorData, backend::AutodiffBackend},
};

/// Its `&B::Device` becomes `&Device`: backend-device-type imports `Device` (into the list).
fn probe<B: AutodiffBackend>(device: &B::Device) -> f32 {
    let x: Tensor<B, 2> = Tensor::random([2, 2], Distribution::Default, device);
    let _ = TensorData::from([1.0f32]);
    x.sum().into_scalar().elem::<f32>()
}

/// The device value becomes `Device::wgpu(DeviceKind::DefaultDevice)`: backend-device-value
/// imports `Device` and `DeviceKind` (a line of its own: the list would pass 100 columns).
fn main() {
    type Probe = Autodiff<Wgpu>;
    let device = burn::backend::wgpu::WgpuDevice::default();
    println!("{}", probe::<Probe>(&device));
}
