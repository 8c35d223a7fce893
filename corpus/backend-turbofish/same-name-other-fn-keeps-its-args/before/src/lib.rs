use burn::prelude::*;

/// A project fn named `get` with a backend parameter.
pub fn get<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::zeros([1], device)
}

pub struct Settings {
    pub value: f64,
}

impl Settings {
    /// Another `get`, generic over a number type: nothing to do with backends.
    pub fn get<T: From<f32>>(&self) -> T {
        T::from(self.value as f32)
    }
}

pub fn read<T: From<f32>>(s: &Settings) -> T {
    s.get::<T>()
}

pub fn read_self(s: &Settings) -> Settings {
    Settings { value: s.get::<f64>() }
}

pub fn zeros<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    get::<B>(device)
}
