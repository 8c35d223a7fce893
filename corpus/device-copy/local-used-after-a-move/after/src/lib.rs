use burn::nn::{Linear, LinearConfig};
use burn::tensor::Device;

pub struct Ctx {
    pub device: Device,
    pub model: Linear,
}

fn init_model(device: &Device) -> Linear {
    LinearConfig::new(2, 2).init(device)
}

fn keep(device: Device) -> Device {
    device
}

/// The device was `Copy` (NdArray's): moved into the struct, then borrowed.
pub fn window() -> Ctx {
    let device = Device::ndarray().autodiff();
    let kept = keep(device.clone().autodiff());
    let _ = kept;
    Ctx { device: device.clone(), model: init_model(&device.clone().autodiff()) }
}
