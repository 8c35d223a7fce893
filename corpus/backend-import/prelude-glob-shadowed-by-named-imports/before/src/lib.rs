use burn::{module::Module, nn::Linear, prelude::*, tensor::Tensor};

/// The glob gave `Backend` only: `Module` and `Tensor` are imported by name (which shadows the
/// glob's), and `num_params` comes with that `Module`. Once `B` is erased the glob goes.
#[derive(Module, Debug)]
pub struct Layer<B: Backend> {
    pub linear: Linear<B>,
}

impl<B: Backend> Layer<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.linear.forward(x)
    }

    pub fn size(&self) -> usize {
        self.num_params()
    }
}

pub mod ids;
