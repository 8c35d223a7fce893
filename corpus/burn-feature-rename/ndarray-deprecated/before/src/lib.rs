use burn::backend::ndarray::NdArrayDevice;

pub fn device() -> NdArrayDevice {
    NdArrayDevice::Cpu
}
