use burn::prelude::*;
use burn_extras::Smoother;

/// A parameter bounded nowhere, given the backend: whether it still takes one is not known here.
pub type Tagged<T> = (T, usize);

/// `Smoother<B>` comes from another crate built for burn 0.21: its 0.22 version decides.
pub fn smooth<B: Backend>(s: &Smoother<B>, x: Tensor<B, 1>, tag: Tagged<B>) -> Tensor<B, 1> {
    let _ = tag.1;
    s.apply(x)
}

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    linear: burn::nn::Linear<B>,
}

/// Specialised on another crate's backend type (`burn_extras::Fast`): a backend by its place.
impl Head<burn_extras::Fast> {
    pub fn run(&self, x: Tensor<burn_extras::Fast, 2>) -> Tensor<burn_extras::Fast, 2> {
        self.linear.forward(x)
    }
}
