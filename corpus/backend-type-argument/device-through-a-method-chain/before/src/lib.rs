use burn::backend::{Autodiff, Flex};
use burn::module::{AutodiffModule, Module};
use burn::nn::{Linear, LinearConfig};
use burn::tensor::Tensor;
use burn::tensor::backend::Backend;

// A word in a comment is no use of an alias: `Tensor<B, D, Int>`.
type Train = Autodiff<Flex>;
type Infer = Flex;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    linear: Linear<B>,
}

impl<B: Backend> Model<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { linear: LinearConfig::new(2, 1).init(device) }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.linear.forward(x)
    }
}

/// The typed `let`'s value is a chain from a path call (`Model::new(..)`) whose every device is
/// `infer_device`, made for `Infer`: the drop is decided, beside a model trained on autodiff.
pub fn plain_beside_training() -> usize {
    let device = Default::default();
    let trained: Model<Train> = Model::new(&device);
    let infer_device = Default::default();
    let plain: Model<Infer> = Model::new(&infer_device).fork(&infer_device);
    let x = Tensor::<Infer, 2>::ones([1, 2], &infer_device);
    let y = Tensor::<Train, 2>::ones([1, 2], &device);
    plain.forward(x).dims()[0] + trained.forward(y).dims()[1]
}

/// A chain that starts at a value made elsewhere carries that value's device: review.
pub fn from_a_value(model: Model<Train>) -> usize {
    let infer_device = Default::default();
    let plain: Model<Infer> = model.valid().fork(&infer_device);
    let x = Tensor::<Infer, 2>::ones([1, 2], &infer_device);
    plain.forward(x).dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::plain_beside_training(), 2);
    }
}
