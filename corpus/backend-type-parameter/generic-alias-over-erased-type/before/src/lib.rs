use burn::nn::Linear;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc: Linear<B>,
}

/// Shorter names for the model, generic over the backend (an alias bounds nothing).
pub type Net<B> = Model<B>;
pub type Pair<B> = (Model<B>, Tensor<B, 1>);
/// An alias of an alias.
pub type Stack<B> = Vec<Net<B>>;
/// Near miss: a parameter that is no backend.
pub type Rows<T> = Vec<Vec<T>>;

pub fn size<B: Backend>(net: &Net<B>, p: Pair<B>, stack: &Stack<B>, rows: Rows<f32>) -> usize {
    net.fc.weight.dims()[0] + p.1.dims()[0] + stack.len() + rows.len()
}
