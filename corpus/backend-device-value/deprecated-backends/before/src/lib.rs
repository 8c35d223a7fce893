use burn::backend::cuda::CudaDevice;
use burn::backend::libtorch::LibTorchDevice;
use burn::backend::ndarray::NdArrayDevice;

pub fn cpu() -> NdArrayDevice {
    NdArrayDevice::Cpu
}

pub fn torch_gpu(index: usize) -> LibTorchDevice {
    LibTorchDevice::Cuda(index)
}

pub fn cuda(index: usize) -> CudaDevice {
    CudaDevice { index }
}
