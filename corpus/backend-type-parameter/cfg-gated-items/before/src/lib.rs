use burn::prelude::*;
use burn::tensor::backend::Backend;

pub fn scale<B: Backend>(x: Tensor<B, 2>, k: f32) -> Tensor<B, 2> {
    x.mul_scalar(k)
}

#[cfg(feature = "clamp")]
pub fn clamp_unit<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    x.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ones<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
        Tensor::ones([2, 2], device)
    }

    pub fn check_doubles<B: Backend>(device: &B::Device) {
        let y = scale(ones::<B>(device), 2.0);
        assert_eq!(y.dims(), [2, 2]);
    }
}
