use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model {
    fc: Linear,
}

impl Model {
    pub fn init(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }

    pub fn tuned(self) -> Self {
        self
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

/// A second parameter with a default: `Holder::new(..)` alone leaves `K` to inference (an
/// expression path takes no defaults), so the annotation that fixes it stays.
pub struct Holder<K = f32> {
    pub ones: Tensor<2>,
    _kind: core::marker::PhantomData<K>,
}

impl<K> Holder<K> {
    pub fn new(device: &Device) -> Self {
        Self { ones: Tensor::ones([1, 2], device), _kind: core::marker::PhantomData }
    }
}

pub fn infer(device: &Device) -> Tensor<2> {
    // the annotation only chose the backend: `Model::init` says the type
    let model = Model::init(device);
    let frozen = Model::init(device).no_grad();
    // `tuned` is the project's own method: its type is not read here, the annotation stays
    let tuned: Model = Model::init(device).tuned();
    let holder: Holder = Holder::new(device);
    let x = holder.ones;
    model.forward(x.clone()) + frozen.forward(x.clone()) + tuned.forward(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_models_add_up() {
        let device = Device::flex();
        let model = Model::init(&device);
        let x = Tensor::<2>::zeros([1, 2], &device);
        let y = infer(&device);
        assert_eq!(y.dims(), [1, 2]);
        assert_eq!(model.forward(x).dims(), [1, 2]);
    }
}
