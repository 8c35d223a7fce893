use burn::backend::ndarray::NdArrayDevice;
use burn::backend::NdArray;
use burn::prelude::*;

pub fn run<B: Backend>(device: B::Device) -> usize {
    Tensor::<B, 1>::ones([3], &device).dims()[0]
}

/// Two blocks no build compiles together: each drop of `NdArray<f64>` is its own question
/// (the element type it chose must be configured on the device in each), none follows the other.
pub fn main_like() -> usize {
    #[cfg(feature = "double")]
    {
        let device = NdArrayDevice::Cpu;
        return run::<NdArray<f64>>(device);
    }
    #[cfg(not(feature = "double"))]
    {
        let device = NdArrayDevice::Cpu;
        return run::<NdArray<f64>>(device);
    }
}
