use burn::module::{Module, Param, ParamId};
use burn::tensor::{Device, Tensor};

#[derive(Module, Debug)]
pub struct Head {
    pub bias: Param<Tensor<1>>,
}

impl Head {
    /// 0.21's `require_grad` did nothing on a backend without autodiff: this model is built for
    /// inference on a plain one too.
    pub fn new(init: f64, device: &Device) -> Self {
        let bias = burn::module::Parameter::set_require_grad(Tensor::ones([1], device)
            .mul_scalar(init), true);
        Self { bias: Param::initialized(ParamId::new(), bias) }
    }

    pub fn value(&self) -> f32 {
        self.bias.val().into_scalar::<f32>()
    }
}

/// An autodiff backend's tensor: `require_grad` marks it, as it did (left as it is).
pub fn tracked(device: &Device) -> usize {
    let device = &device.clone().autodiff();
    let x = Tensor::<1>::ones([3], device).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    #[test]
    fn inference_on_a_plain_device() {
        let device = Device::flex();
        let head = super::Head::new(-3.0, &device);
        assert_eq!(head.value(), -3.0);
    }

    #[test]
    fn training_on_an_autodiff_device() {
        let device = Device::flex().autodiff();
        assert_eq!(super::Head::new(2.0, &device).value(), 2.0);
        assert_eq!(super::tracked(&device), 3);
    }
}
