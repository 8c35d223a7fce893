use burn::tensor::{Device, DeviceKind, Tensor};

/// Trains on the device it is given: an autodiff one in 0.21, by its type.
pub fn train(device: Device) -> usize {
    let device = device.autodiff();
    let x = Tensor::<1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

/// A command line picks the device, each arm a `Wgpu` device, and it goes to the autodiff
/// backend's `train` only, which is given `device.autodiff()`: each arm is rewritten as it is.
pub fn run(kind: &str) -> Result<usize, String> {
    let device = match kind {
        "cpu" => Device::wgpu(DeviceKind::Cpu),
        "default" => Device::wgpu(DeviceKind::DefaultDevice),
        other => return Err(format!("unknown device kind {other}")),
    };
    Ok(train(device.autodiff()))
}

/// The same through an `if`.
pub fn run_on(cpu: bool) -> usize {
    let device = if cpu { Device::wgpu(DeviceKind::Cpu) } else { Device::wgpu(DeviceKind::DefaultDevice) };
    train(device.autodiff())
}
