use burn::module::{Module, Param, ParamId};
use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::{ElementConversion, Tensor};

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    pub bias: Param<Tensor<B, 1>>,
}

impl<B: Backend> Head<B> {
    /// 0.21's `require_grad` did nothing on a backend without autodiff: this model is built for
    /// inference on a plain one too.
    pub fn new(init: f64, device: &B::Device) -> Self {
        let bias = Tensor::ones([1], device)
            .mul_scalar(init)
            .require_grad();
        Self { bias: Param::initialized(ParamId::new(), bias) }
    }

    pub fn value(&self) -> f32 {
        self.bias.val().into_scalar().elem::<f32>()
    }
}

/// An autodiff backend's tensor: `require_grad` marks it, as it did (left as it is).
pub fn tracked<B: AutodiffBackend>(device: &B::Device) -> usize {
    let x = Tensor::<B, 1>::ones([3], device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use burn::backend::{Autodiff, Flex};

    #[test]
    fn inference_on_a_plain_device() {
        let device = Default::default();
        let head = super::Head::<Flex>::new(-3.0, &device);
        assert_eq!(head.value(), -3.0);
    }

    #[test]
    fn training_on_an_autodiff_device() {
        let device = Default::default();
        assert_eq!(super::Head::<Autodiff<Flex>>::new(2.0, &device).value(), 2.0);
        assert_eq!(super::tracked::<Autodiff<Flex>>(&device), 3);
    }
}
