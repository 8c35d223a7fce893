use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// One training step: its gradients need an autodiff device.
pub fn train<B: AutodiffBackend>(device: B::Device) -> bool {
    let x = Tensor::<B, 1>::ones([2], &device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

/// The launchers: the turbofish chose the backend, the argument makes its device.
pub fn on_flex() -> bool {
    train::<Autodiff<Flex>>(FlexDevice)
}

pub fn on_flex_by_default() -> bool {
    train::<Autodiff<Flex>>(Default::default())
}

/// `WgpuDevice` was Metal's device too: 0.22.1 names Metal's apart.
#[cfg(feature = "metal")]
pub fn on_metal() -> bool {
    use burn::backend::{Metal, wgpu::WgpuDevice};
    train::<Autodiff<Metal>>(WgpuDevice::default())
}

/// The same through a local: its every turbofish names Metal.
#[cfg(feature = "metal")]
pub fn on_metal_through_a_local() -> bool {
    use burn::backend::{Metal, wgpu::WgpuDevice};
    let device = WgpuDevice::default();
    train::<Autodiff<Metal>>(device)
}

#[cfg(feature = "cuda")]
pub fn on_cuda() -> bool {
    use burn::backend::{Cuda, cuda::CudaDevice};
    train::<Autodiff<Cuda>>(CudaDevice::new(1))
}

#[cfg(test)]
mod tests {
    #[test]
    fn gradients_on_the_launchers_devices() {
        assert!(super::on_flex());
        assert!(super::on_flex_by_default());
    }
}
