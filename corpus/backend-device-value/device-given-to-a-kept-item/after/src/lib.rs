use burn::prelude::*;
use burn::backend::tensor::FloatTensor;
use burn::backend::Backend;

/// Kept generic: a backend op uses `B`, and `new` takes the backend's own device type.
pub struct Scale<B: Backend> {
    pub device: B::Device,
}

impl<B: Backend> Scale<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { device: device.clone() }
    }

    pub fn exp(x: FloatTensor<B>) -> FloatTensor<B> {
        B::float_exp(x)
    }
}

/// Erased: the prelude's `Tensor` stays in use.
pub fn zeros(device: &Device) -> Tensor<1> {
    Tensor::zeros([1], device)
}

#[cfg(test)]
mod tests {
    use burn::backend::flex::FlexDevice;
    use burn::backend::Flex;

    use super::Scale;

    type Dev = FlexDevice;

    #[test]
    fn built_on_flex() {
        // both values go to `Scale::<Flex>::new`, which takes `FlexDevice` still
        let device = Dev::default();
        let scale = Scale::<Flex>::new(&device);
        let other = Scale::<Flex>::new(&FlexDevice::default());
        assert_eq!(format!("{:?}", scale.device), format!("{:?}", other.device));
    }
}
