use burn::backend::NdArray;
use burn::tensor::backend::BackendTypes;
use burn::tensor::{Device, Tensor};

/// A test alias of NdArray's device, named through the backend's trait (burn-central's
/// executor tests, reading 35), and one named directly.
type TestDevice = <NdArray<f32> as BackendTypes>::Device;
type Cpu = burn::backend::ndarray::NdArrayDevice;

pub fn ones(device: &Device<NdArray>) -> Tensor<NdArray, 1> {
    Tensor::ones([2], device)
}

pub fn run() -> (Tensor<NdArray, 1>, Tensor<NdArray, 1>) {
    (ones(&TestDevice::default()), ones(&Cpu::default()))
}
