use burn::tensor::Device;

pub fn cpu() -> Device {
    Device::ndarray()
}

pub fn torch_gpu(index: usize) -> Device {
    Device::libtorch_cuda(index)
}

pub fn cuda(index: usize) -> Device {
    Device::cuda(index)
}
