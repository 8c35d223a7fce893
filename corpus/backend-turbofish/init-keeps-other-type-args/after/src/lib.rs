use burn::prelude::*;

pub struct Cfg;
pub struct Model { pub t: Tensor<1> }
pub trait Tok { fn n() -> usize; }

impl Cfg {
    pub fn init<T: Tok>(&self, device: &Device) -> Model {
        Model { t: Tensor::zeros([T::n()], device) }
    }
}

pub struct Word;
impl Tok for Word { fn n() -> usize { 3 } }

pub fn build(device: &Device) -> Model {
    Cfg.init::<Word>(device)
}
