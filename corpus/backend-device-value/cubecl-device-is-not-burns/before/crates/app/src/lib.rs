use burn::backend::Flex;
use burn::backend::flex::FlexDevice;
use burn::tensor::Tensor;
use cubecl::cuda::CudaDevice;
use cubecl::wgpu::{WgpuDevice, WgpuRuntime};

/// cubecl's own device for cubecl's own runtime: not burn's, left as it is.
pub fn gpu_device() -> WgpuDevice {
    WgpuDevice::DefaultDevice
}

pub fn kernels_on(device: &WgpuDevice) -> usize {
    WgpuRuntime::client(device) + WgpuRuntime::client(&WgpuDevice::default())
}

/// A full path into the other crate, and its `CudaDevice`: left too.
pub fn second_gpu() -> (cubecl::wgpu::WgpuDevice, CudaDevice) {
    (cubecl::wgpu::WgpuDevice::DiscreteGpu(1), CudaDevice::new(1))
}

/// burn's device beside them: migrated.
pub fn cpu_len() -> usize {
    let device = FlexDevice;
    Tensor::<Flex, 1>::ones([3], &device).dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn both_devices() {
        assert_eq!(super::kernels_on(&super::gpu_device()), 0);
        assert_eq!(super::second_gpu().1.index, 1);
        assert_eq!(super::cpu_len(), 3);
    }
}
