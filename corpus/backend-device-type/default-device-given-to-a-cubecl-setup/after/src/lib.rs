use burn::backend::wgpu::{self, RuntimeOptions};
use burn::backend::{Autodiff, Wgpu};

type Train = Autodiff<Wgpu>;

/// The default device of the training backend, set up on the Vulkan graphics API by CubeCL.
pub fn setup() {
    let device = <Train as burn::tensor::backend::BackendTypes>::Device::default();
    let _ = wgpu::init_setup::<wgpu::graphics::Vulkan>(&device, RuntimeOptions::default());
}
