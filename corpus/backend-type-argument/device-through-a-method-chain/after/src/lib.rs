use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::{Device, Tensor};

// A word in a comment is no use of an alias: `Tensor<B, D, Int>`.

#[derive(Module, Debug)]
pub struct Model {
    linear: Linear,
}

impl Model {
    pub fn new(device: &Device) -> Self {
        Self { linear: LinearConfig::new(2, 1).init(device) }
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.linear.forward(x)
    }
}

/// The typed `let`'s value is a chain from a path call (`Model::new(..)`) whose every device is
/// `infer_device`, made for `Infer`: the drop is decided, beside a model trained on autodiff.
pub fn plain_beside_training() -> usize {
    let device = Device::flex().autodiff();
    let trained = Model::new(&device);
    let infer_device = Device::flex();
    let plain = Model::new(&infer_device).fork(&infer_device);
    let x = Tensor::<2>::ones([1, 2], &infer_device);
    let y = Tensor::<2>::ones([1, 2], &device);
    plain.forward(x).dims()[0] + trained.forward(y).dims()[1]
}

/// A chain that starts at a value made elsewhere carries that value's device: review.
pub fn from_a_value(model: Model) -> usize {
    let infer_device = Device::flex();
    let plain: Model = model.valid().fork(&infer_device);
    let x = Tensor::<2>::ones([1, 2], &infer_device);
    plain.forward(x).dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::plain_beside_training(), 2);
    }
}
