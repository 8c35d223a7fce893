use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Model<B> {
    pub fn init(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }

    pub fn tuned(self) -> Self {
        self
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc.forward(x)
    }
}

/// A second parameter with a default: `Holder::new(..)` alone leaves `K` to inference (an
/// expression path takes no defaults), so the annotation that fixes it stays.
pub struct Holder<B: Backend, K = f32> {
    pub ones: Tensor<B, 2>,
    _kind: core::marker::PhantomData<K>,
}

impl<B: Backend, K> Holder<B, K> {
    pub fn new(device: &B::Device) -> Self {
        Self { ones: Tensor::ones([1, 2], device), _kind: core::marker::PhantomData }
    }
}

pub fn infer<B: Backend>(device: &B::Device) -> Tensor<B, 2> {
    // the annotation only chose the backend: `Model::init` says the type
    let model: Model<B> = Model::init(device);
    let frozen: Model<B> = Model::<B>::init(device).no_grad();
    // `tuned` is the project's own method: its type is not read here, the annotation stays
    let tuned: Model<B> = Model::init(device).tuned();
    let holder: Holder<B> = Holder::new(device);
    let x = holder.ones;
    model.forward(x.clone()) + frozen.forward(x.clone()) + tuned.forward(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::Flex;

    #[test]
    fn three_models_add_up() {
        let device = Default::default();
        let model: Model<Flex> = Model::init(&device);
        let x = Tensor::<Flex, 2>::zeros([1, 2], &device);
        let y = infer::<Flex>(&device);
        assert_eq!(y.dims(), [1, 2]);
        assert_eq!(model.forward(x).dims(), [1, 2]);
    }
}
