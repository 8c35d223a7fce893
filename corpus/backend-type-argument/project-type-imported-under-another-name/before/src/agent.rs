use burn::prelude::*;

use crate::hooks::PolicyValueModule as BurnPolicyValueModule;

pub struct Agent<B: Backend> {
    pub module: BurnPolicyValueModule<B>,
}

impl<B: Backend> Agent<B> {
    pub fn new(width: usize, device: &B::Device) -> Self {
        Self { module: BurnPolicyValueModule::new(width, device) }
    }

    pub fn value(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.module.value.forward(x)
    }
}
