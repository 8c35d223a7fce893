use burn::backend::ndarray::NdArrayDevice;
#[cfg(feature = "half")]
use burn::tensor::f16;

#[cfg(feature = "half")]
pub fn one() -> f16 {
    f16::from_f32(1.0)
}

pub fn ones() -> Vec<f32> {
    let device = NdArrayDevice::Cpu;
    burn::tensor::Tensor::<burn::backend::NdArray, 1>::ones([3], &device)
        .into_data()
        .to_vec()
        .unwrap()
}
