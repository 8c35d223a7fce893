use std::collections::HashMap;

use burn::module::Param;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Memory {
    pub bias: Option<Param<Tensor<1>>>,
    pub slots: Vec<Tensor<2>>,
}

impl Memory {
    pub fn by_name(&self, names: &[&str]) -> HashMap<String, Tensor<2>> {
        names.iter().map(|n| n.to_string()).zip(self.slots.iter().cloned()).collect()
    }

    pub fn apply(&self, f: &dyn Fn(Tensor<2>) -> Tensor<2>) -> Vec<Tensor<2>> {
        self.slots.iter().cloned().map(f).collect()
    }

    pub fn first(&self) -> Option<(usize, Tensor<2>)> {
        self.slots.first().cloned().map(|t| (0, t))
    }
}
