use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::{Device, Tensor};

/// The project's backend choices, in a module of their own.
pub mod engines {
}

mod bench {
    // a `use` of the project's module: `eng::Fast` is still `engines::Fast`
    use burn::tensor::Tensor;

    pub fn doubled(x: Tensor<2>) -> Tensor<2> {
        x.clone() + x
    }
}

#[derive(Module, Debug)]
pub struct Scorer {
    linear: Linear,
}

impl Scorer {
    pub fn new(device: &Device) -> Self {
        Self { linear: LinearConfig::new(4, 1).init(device) }
    }
}

/// Specialised on the project's backend, named through its module.
impl Scorer {
    pub fn score(&self, x: Tensor<2>) -> Tensor<2> {
        bench::doubled(self.linear.forward(x))
    }
}
