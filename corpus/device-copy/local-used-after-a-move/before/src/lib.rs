use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::tensor::backend::{Backend, BackendTypes};

type LearnerBackend = Autodiff<NdArray<f32>>;

pub struct Ctx<B: Backend> {
    pub device: B::Device,
    pub model: Linear<B>,
}

fn init_model<B: Backend>(device: &B::Device) -> Linear<B> {
    LinearConfig::new(2, 2).init(device)
}

fn keep<B: Backend>(device: B::Device) -> B::Device {
    device
}

/// The device was `Copy` (NdArray's): moved into the struct, then borrowed.
pub fn window() -> Ctx<LearnerBackend> {
    let device = <LearnerBackend as BackendTypes>::Device::default();
    let kept = keep::<LearnerBackend>(device);
    let _ = kept;
    Ctx { device, model: init_model::<LearnerBackend>(&device) }
}
