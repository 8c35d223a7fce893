use burn::prelude::*;

use crate::hooks::PolicyValueModule as BurnPolicyValueModule;

pub struct Agent {
    pub module: BurnPolicyValueModule,
}

impl Agent {
    pub fn new(width: usize, device: &Device) -> Self {
        Self { module: BurnPolicyValueModule::new(width, device) }
    }

    pub fn value(&self, x: Tensor<2>) -> Tensor<2> {
        self.module.value.forward(x)
    }
}
