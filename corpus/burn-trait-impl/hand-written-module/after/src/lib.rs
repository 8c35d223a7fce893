use burn::module::{AutodiffModule, Devices, ModuleMapper, ModuleVisitor};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// A parameter-free layer whose module impls are written by hand.
#[derive(Clone, Debug)]
pub struct Scale {
    pub factor: f32,
}

impl<B: Backend> Module<B> for Scale {
    type Record = ();

    fn collect_devices(&self, devices: Devices<B>) -> Devices<B> {
        devices
    }

    fn fork(self, _device: &B::Device) -> Self {
        self
    }

    fn to_device(self, _device: &B::Device) -> Self {
        self
    }

    fn visit<V: ModuleVisitor<B>>(&self, _visitor: &mut V) {}

    fn map<M: ModuleMapper<B>>(self, _mapper: &mut M) -> Self {
        self
    }

    fn load_record(self, _record: Self::Record) -> Self {
        self
    }

    fn into_record(self) -> Self::Record {}
}

impl<B: AutodiffBackend> AutodiffModule<B> for Scale {
    type InnerModule = Scale;

    fn valid(&self) -> Self::InnerModule {
        self.clone()
    }

    fn from_inner(module: Self::InnerModule) -> Self {
        module
    }
}

impl Scale {
    /// Plain code beside the impls still migrates.
    pub fn apply(&self, x: Tensor<2>) -> Tensor<2> {
        x.mul_scalar(self.factor)
    }
}
