use std::collections::HashMap;

use burn::module::Param;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Memory<B: Backend> {
    pub bias: Option<Param<Tensor<B, 1>>>,
    pub slots: Vec<Tensor<B, 2>>,
}

impl<B: Backend> Memory<B> {
    pub fn by_name(&self, names: &[&str]) -> HashMap<String, Tensor<B, 2>> {
        names.iter().map(|n| n.to_string()).zip(self.slots.iter().cloned()).collect()
    }

    pub fn apply(&self, f: &dyn Fn(Tensor<B, 2>) -> Tensor<B, 2>) -> Vec<Tensor<B, 2>> {
        self.slots.iter().cloned().map(f).collect()
    }

    pub fn first(&self) -> Option<(usize, Tensor<B, 2>)> {
        self.slots.first().cloned().map(|t| (0, t))
    }
}
