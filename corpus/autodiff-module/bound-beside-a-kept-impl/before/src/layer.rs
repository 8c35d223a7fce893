use burn::module::{Devices, ModuleMapper, ModuleVisitor};
use burn::prelude::*;

/// A parameter-free layer whose module impls are written by hand (left as 0.21 wrote them).
#[derive(Clone, Debug)]
pub struct Scale;

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
