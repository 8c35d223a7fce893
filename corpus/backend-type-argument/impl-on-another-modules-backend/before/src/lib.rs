use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::Tensor;
use burn::tensor::backend::Backend;

/// The project's backend choices, in a module of their own.
pub mod engines {
    pub type Fast = burn::backend::Flex;
}

mod bench {
    // a `use` of the project's module: `eng::Fast` is still `engines::Fast`
    use crate::engines as eng;
    use burn::tensor::Tensor;

    pub fn doubled(x: Tensor<eng::Fast, 2>) -> Tensor<eng::Fast, 2> {
        x.clone() + x
    }
}

#[derive(Module, Debug)]
pub struct Scorer<B: Backend> {
    linear: Linear<B>,
}

impl<B: Backend> Scorer<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { linear: LinearConfig::new(4, 1).init(device) }
    }
}

/// Specialised on the project's backend, named through its module.
impl Scorer<engines::Fast> {
    pub fn score(&self, x: Tensor<engines::Fast, 2>) -> Tensor<engines::Fast, 2> {
        bench::doubled(self.linear.forward(x))
    }
}
