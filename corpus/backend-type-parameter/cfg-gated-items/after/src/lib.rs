use burn::prelude::*;

pub fn scale(x: Tensor<2>, k: f32) -> Tensor<2> {
    x.mul_scalar(k)
}

#[cfg(feature = "clamp")]
pub fn clamp_unit(x: Tensor<2>) -> Tensor<2> {
    x.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ones(device: &Device) -> Tensor<2> {
        Tensor::ones([2, 2], device)
    }

    pub fn check_doubles(device: &Device) {
        let y = scale(ones(device), 2.0);
        assert_eq!(y.dims(), [2, 2]);
    }
}
