//! `burn::module` of 0.22.1: `Module` has no backend parameter and absorbed `AutodiffModule`
//! (`valid(&self) -> Self`, `train(self) -> Self`).
use core::fmt::Debug;

pub use burn_shim_derive_022::Module;

use crate::store::{ModuleRecord, RecordError};
use crate::tensor::{Bool, Device, Int, Tensor};

/// The devices a module's parameters live on.
pub type Devices = Vec<Device>;

/// A unique parameter id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParamId(u64);

impl ParamId {
    pub fn new() -> Self {
        unimplemented!()
    }
}

/// A module: a tree of parameters. `#[derive(Module)]` implements it and `Clone`.
pub trait Module: Clone + Send + Debug {
    /// A snapshot for inference: no autodiff tracking.
    fn valid(&self) -> Self;
    /// Back to training (autodiff) mode.
    fn train(self) -> Self;
    /// Moves the parameters to `device` as new leaves.
    fn fork(self, device: &Device) -> Self;
    /// Moves the parameters to `device`, keeping autodiff connections.
    fn to_device(self, device: &Device) -> Self;

    fn devices(&self) -> Devices {
        unimplemented!()
    }
    fn no_grad(self) -> Self {
        unimplemented!()
    }
    fn num_params(&self) -> usize {
        unimplemented!()
    }
    fn visit<V: ModuleVisitor>(&self, visitor: &mut V) {
        unimplemented!()
    }
    fn map<M: ModuleMapper>(self, mapper: &mut M) -> Self {
        unimplemented!()
    }
    fn into_record(self) -> ModuleRecord {
        unimplemented!()
    }
    fn load_record(self, record: ModuleRecord) -> Self {
        unimplemented!()
    }
    fn save_file<P: AsRef<std::path::Path>>(self, path: P) -> Result<(), RecordError> {
        unimplemented!()
    }
    fn load_file<P: AsRef<std::path::Path>>(self, path: P) -> Self {
        unimplemented!()
    }
    fn try_load_file<P: AsRef<std::path::Path>>(self, path: P) -> Result<Self, RecordError> {
        unimplemented!()
    }
}

/// Visits every parameter of a module.
pub trait ModuleVisitor {
    fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {}
    fn visit_int<const D: usize>(&mut self, param: &Param<Tensor<D, Int>>) {}
    fn visit_bool<const D: usize>(&mut self, param: &Param<Tensor<D, Bool>>) {}
}

/// Maps every parameter of a module.
pub trait ModuleMapper {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        param
    }
    fn map_int<const D: usize>(&mut self, param: Param<Tensor<D, Int>>) -> Param<Tensor<D, Int>> {
        param
    }
    fn map_bool<const D: usize>(&mut self, param: Param<Tensor<D, Bool>>) -> Param<Tensor<D, Bool>> {
        param
    }
}

/// A trainable parameter.
#[derive(Clone, Debug)]
pub struct Param<T> {
    pub id: ParamId,
    value: T,
}

impl<T> Param<T> {
    pub fn initialized(id: ParamId, value: T) -> Self {
        unimplemented!()
    }
    pub fn val(&self) -> T {
        unimplemented!()
    }
    pub fn into_value(self) -> T {
        unimplemented!()
    }
    pub fn map<F: FnOnce(T) -> T>(self, f: F) -> Self {
        unimplemented!()
    }
}

impl<const D: usize> Param<Tensor<D>> {
    pub fn from_tensor(value: Tensor<D>) -> Self {
        unimplemented!()
    }
    pub fn from_data<T: Into<crate::tensor::TensorData>>(data: T, device: &Device) -> Self {
        unimplemented!()
    }
}

impl<T> core::ops::Deref for Param<T> {
    type Target = T;
    fn deref(&self) -> &T {
        unimplemented!()
    }
}

macro_rules! leaf_module {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)*> Module for $t {
            fn valid(&self) -> Self { unimplemented!() }
            fn train(self) -> Self { unimplemented!() }
            fn fork(self, device: &Device) -> Self { unimplemented!() }
            fn to_device(self, device: &Device) -> Self { unimplemented!() }
        }
    };
}

leaf_module!([const D: usize] Param<Tensor<D>>);
leaf_module!([const D: usize] Param<Tensor<D, Int>>);
leaf_module!([const D: usize] Param<Tensor<D, Bool>>);
leaf_module!([const D: usize] Tensor<D>);
leaf_module!([const D: usize] Tensor<D, Int>);
leaf_module!([const D: usize] Tensor<D, Bool>);
leaf_module!([T: Module] Option<T>);
leaf_module!([T: Module] Vec<T>);
leaf_module!([T: Module, const N: usize] [T; N]);
leaf_module!([] f32);
leaf_module!([] f64);
leaf_module!([] i32);
leaf_module!([] i64);
leaf_module!([] u32);
leaf_module!([] u64);
leaf_module!([] usize);
leaf_module!([] bool);
leaf_module!([] String);

/// A value carried by a module but not a parameter (deprecated in favour of `#[module(skip)]`).
#[derive(Clone, Debug)]
pub struct Ignored<T>(pub T);
leaf_module!([T: Clone + Send + Debug] Ignored<T>);

/// A running statistic (batch-norm means).
#[derive(Clone, Debug)]
pub struct RunningState<V> {
    value: V,
}
leaf_module!([const D: usize] RunningState<Tensor<D>>);
