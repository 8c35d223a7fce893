use burn::prelude::*;

pub struct Cfg;
pub struct Model<B: Backend> { pub t: Tensor<B, 1> }
pub trait Tok { fn n() -> usize; }

impl Cfg {
    pub fn init<B: Backend, T: Tok>(&self, device: &B::Device) -> Model<B> {
        Model { t: Tensor::zeros([T::n()], device) }
    }
}

pub struct Word;
impl Tok for Word { fn n() -> usize { 3 } }

pub fn build<B: Backend>(device: &B::Device) -> Model<B> {
    Cfg.init::<B, Word>(device)
}
