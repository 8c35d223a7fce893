use burn::backend::wgpu::{WgpuDevice, graphics::AutoGraphicsApi, init_setup};
use burn::backend::{Autodiff, Wgpu};
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

pub struct Runner {
    device: WgpuDevice,
    model: Linear<Autodiff<Wgpu>>,
}

/// The wgpu runtime set up by hand, then the same device used for a model: it stays cubecl's
/// `WgpuDevice` for `init_setup`, and is burn's `Device` after it.
pub fn runner() -> Runner {
    let device = WgpuDevice::default();
    init_setup::<AutoGraphicsApi>(&device, Default::default());
    let model = LinearConfig::new(2, 1).init::<Autodiff<Wgpu>>(&device);
    Runner { device, model }
}

impl Runner {
    pub fn ones(&self) -> Tensor<Autodiff<Wgpu>, 1> {
        Tensor::ones([2], &self.device)
    }
}
