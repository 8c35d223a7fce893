use burn::backend::wgpu::{WgpuDevice, graphics::AutoGraphicsApi, init_setup};
use burn::backend::Wgpu;
use burn::prelude::*;

pub struct Options {
    /// Read by `set_up`, CubeCL's: it stays cubecl's `WgpuDevice`, and so do the values stored
    /// in it (`Default`, the builder's parameter).
    pub device: WgpuDevice,
    pub steps: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self { device: WgpuDevice::default(), steps: 1 }
    }
}

impl Options {
    pub fn device(mut self, device: WgpuDevice) -> Self {
        self.device = device;
        self
    }

    pub fn on(device: WgpuDevice) -> Self {
        Options { device, steps: 1 }
    }
}

/// A field of the same name only used for burn's tensors: `Device`.
pub struct Runner {
    device: WgpuDevice,
}

fn set_up(d: &WgpuDevice) {
    init_setup::<AutoGraphicsApi>(d, Default::default());
}

pub fn start(options: &Options) -> usize {
    set_up(&options.device);
    options.steps
}

impl Runner {
    pub fn new(device: WgpuDevice) -> Self {
        Self { device }
    }

    pub fn ones(&self) -> Tensor<Wgpu, 1> {
        Tensor::ones([2], &self.device)
    }
}
