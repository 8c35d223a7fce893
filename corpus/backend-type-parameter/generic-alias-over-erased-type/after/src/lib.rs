use burn::nn::Linear;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model {
    fc: Linear,
}

/// Shorter names for the model, generic over the backend (an alias bounds nothing).
pub type Net = Model;
pub type Pair = (Model, Tensor<1>);
/// An alias of an alias.
pub type Stack = Vec<Net>;
/// Near miss: a parameter that is no backend.
pub type Rows<T> = Vec<Vec<T>>;

pub fn size(net: &Net, p: Pair, stack: &Stack, rows: Rows<f32>) -> usize {
    net.fc.weight.dims()[0] + p.1.dims()[0] + stack.len() + rows.len()
}
