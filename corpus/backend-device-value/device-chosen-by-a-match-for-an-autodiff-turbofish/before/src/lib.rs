use burn::backend::wgpu::WgpuDevice;
use burn::backend::{Autodiff, Wgpu};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;

/// Trains on the device it is given: an autodiff one in 0.21, by its type.
pub fn train<B: AutodiffBackend>(device: B::Device) -> usize {
    let x = Tensor::<B, 1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

/// A command line picks the device, each arm a `Wgpu` device, and it goes to the autodiff
/// backend's `train` only, which is given `device.autodiff()`: each arm is rewritten as it is.
pub fn run(kind: &str) -> Result<usize, String> {
    type Backend = Autodiff<Wgpu>;
    let device = match kind {
        "cpu" => WgpuDevice::Cpu,
        "default" => WgpuDevice::DefaultDevice,
        other => return Err(format!("unknown device kind {other}")),
    };
    Ok(train::<Backend>(device))
}

/// The same through an `if`.
pub fn run_on(cpu: bool) -> usize {
    let device = if cpu { WgpuDevice::Cpu } else { WgpuDevice::DefaultDevice };
    train::<Autodiff<Wgpu>>(device)
}
