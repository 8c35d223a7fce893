pub mod curves;

use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

use crate::curves::SpaceCurve;

/// 0.21's derive kept `curve` as a constant; 0.22.1's takes it for a module.
#[derive(Module, Debug)]
pub struct Tokenizer<B: Backend> {
    proj: Linear<B>,
    curve: SpaceCurve,
    levels: usize,
}

impl<B: Backend> Tokenizer<B> {
    pub fn new(curve: SpaceCurve, device: &B::Device) -> Self {
        Self { proj: LinearConfig::new(2, 2).init(device), curve, levels: 2 }
    }

    pub fn curve(&self) -> SpaceCurve {
        self.curve
    }
}
