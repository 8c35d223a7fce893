use burn::{
    module::Module,
    tensor::{Bool, Tensor},
};

pub fn mask<B: burn::tensor::backend::Backend>(d: &B::Device) -> Tensor<B, 1, Bool> {
    Tensor::empty([2], d)
}

#[derive(Module, Debug)]
pub struct Holder<B: burn::tensor::backend::Backend> {
    pub weight: burn::module::Param<Tensor<B, 1>>,
}

#[cfg(test)]
mod tests {
    use burn::{
        backend::NdArray,
        nn::{Linear, LinearConfig},
        tensor::{Tensor, backend::Backend},
    };

    use super::mask;

    /// Kept generic (a backend op): `Backend` stays imported, moved to `burn::backend`.
    #[allow(dead_code)]
    fn named<B: Backend>(device: &B::Device) -> String {
        B::name(device)
    }

    struct Tiny<B: Backend> {
        l: Linear<B>,
    }

    impl<B: Backend> Tiny<B> {
        fn new(d: &B::Device) -> Self {
            Self { l: LinearConfig::new(4, 2).init(d) }
        }
    }

    type TestBackend = NdArray<f32>;

    #[test]
    fn builds() {
        let d = Default::default();
        let tiny = Tiny::<TestBackend>::new(&d);
        let _: Tensor<TestBackend, 1, burn::tensor::Bool> = mask(&d);
        assert_eq!(tiny.l.weight.dims(), [4, 2]);
    }
}
