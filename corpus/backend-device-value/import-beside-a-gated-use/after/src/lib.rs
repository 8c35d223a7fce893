#[cfg(feature = "half")]
use burn::tensor::f16;
use burn::tensor::Device;

#[cfg(feature = "half")]
pub fn one() -> f16 {
    f16::from_f32(1.0)
}

pub fn ones() -> Vec<f32> {
    let device = Device::ndarray();
    burn::tensor::Tensor::<1>::ones([3], &device)
        .into_data()
        .try_to_vec()
        .unwrap()
}
