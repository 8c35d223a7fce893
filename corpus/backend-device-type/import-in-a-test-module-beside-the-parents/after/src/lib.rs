use burn::{
    module::Module,
    tensor::{Bool, Device, Tensor},
};

pub fn mask(d: &Device) -> Tensor<1, Bool> {
    Tensor::empty([2], d)
}

#[derive(Module, Debug)]
pub struct Holder {
    pub weight: burn::module::Param<Tensor<1>>,
}

#[cfg(test)]
mod tests {
    use burn::{
        backend::Backend,
        nn::{Linear, LinearConfig},
        tensor::Tensor,
    };

    use super::mask;
    use burn::tensor::Device;

    /// Kept generic (a backend op): `Backend` stays imported, moved to `burn::backend`.
    #[allow(dead_code)]
    fn named<B: Backend>(device: &B::Device) -> String {
        B::name(device)
    }

    struct Tiny {
        l: Linear,
    }

    impl Tiny {
        fn new(d: &Device) -> Self {
            Self { l: LinearConfig::new(4, 2).init(d) }
        }
    }

    #[test]
    fn builds() {
        let d = Device::ndarray();
        let tiny = Tiny::new(&d);
        let _: Tensor<1, burn::tensor::Bool> = mask(&d);
        assert_eq!(tiny.l.weight.dims(), [4, 2]);
    }
}
