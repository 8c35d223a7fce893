//! `burn::module` of 0.21: `Module<B>` and `AutodiffModule<B>` are generic over the backend.
use core::fmt::Debug;

pub use burn_shim_derive_021::Module;

use crate::record::{FileRecorder, RecorderError};
use crate::tensor::backend::{AutodiffBackend, Backend};
use crate::tensor::{Bool, Int, Tensor};

/// The devices a module's parameters live on.
pub type Devices<B> = Vec<<B as Backend>::Device>;

/// A unique parameter id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParamId(u64);

impl ParamId {
    pub fn new() -> Self {
        unimplemented!()
    }
}

/// A module: a tree of parameters on a backend `B`.
pub trait Module<B: Backend>: Clone + Send + Debug {
    fn devices(&self) -> Devices<B> {
        unimplemented!()
    }
    fn fork(self, device: &B::Device) -> Self {
        unimplemented!()
    }
    fn to_device(self, device: &B::Device) -> Self {
        unimplemented!()
    }
    fn no_grad(self) -> Self {
        unimplemented!()
    }
    fn num_params(&self) -> usize {
        unimplemented!()
    }
    fn visit<V: ModuleVisitor<B>>(&self, visitor: &mut V) {
        unimplemented!()
    }
    fn map<M: ModuleMapper<B>>(self, mapper: &mut M) -> Self {
        unimplemented!()
    }
    fn save_file<FR: FileRecorder<B>, PB: Into<std::path::PathBuf>>(self, file_path: PB, recorder: &FR) -> Result<(), RecorderError> {
        unimplemented!()
    }
    fn load_file<FR: FileRecorder<B>, PB: Into<std::path::PathBuf>>(
        self,
        file_path: PB,
        recorder: &FR,
        device: &B::Device,
    ) -> Result<Self, RecorderError> {
        unimplemented!()
    }
}

/// A module on an autodiff backend, with its inner (non-autodiff) counterpart.
pub trait AutodiffModule<B: AutodiffBackend>: Module<B> + Send + Debug {
    type InnerModule: Module<B::InnerBackend>;
    /// The module on the inner backend, for validation.
    fn valid(&self) -> Self::InnerModule {
        unimplemented!()
    }
    /// Back to the autodiff backend.
    fn from_inner(module: Self::InnerModule) -> Self
    where
        Self: Sized,
    {
        unimplemented!()
    }
}

/// Visits every parameter of a module.
pub trait ModuleVisitor<B: Backend> {
    fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<B, D>>) {}
    fn visit_int<const D: usize>(&mut self, param: &Param<Tensor<B, D, Int>>) {}
    fn visit_bool<const D: usize>(&mut self, param: &Param<Tensor<B, D, Bool>>) {}
}

/// Maps every parameter of a module.
pub trait ModuleMapper<B: Backend> {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<B, D>>) -> Param<Tensor<B, D>> {
        param
    }
    fn map_int<const D: usize>(&mut self, param: Param<Tensor<B, D, Int>>) -> Param<Tensor<B, D, Int>> {
        param
    }
    fn map_bool<const D: usize>(&mut self, param: Param<Tensor<B, D, Bool>>) -> Param<Tensor<B, D, Bool>> {
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

impl<B: Backend, const D: usize> Param<Tensor<B, D>> {
    pub fn from_tensor(value: Tensor<B, D>) -> Self {
        unimplemented!()
    }
    pub fn from_data<T: Into<crate::tensor::TensorData>>(data: T, device: &B::Device) -> Self {
        unimplemented!()
    }
}

impl<T> core::ops::Deref for Param<T> {
    type Target = T;
    fn deref(&self) -> &T {
        unimplemented!()
    }
}

impl<B: Backend, const D: usize> Module<B> for Param<Tensor<B, D>> {}
impl<B: Backend, const D: usize> Module<B> for Param<Tensor<B, D, Int>> {}
impl<B: Backend, const D: usize> Module<B> for Param<Tensor<B, D, Bool>> {}
impl<B: Backend, const D: usize> Module<B> for Tensor<B, D> {}
impl<B: Backend, const D: usize> Module<B> for Tensor<B, D, Int> {}
impl<B: Backend, const D: usize> Module<B> for Tensor<B, D, Bool> {}
impl<B: Backend, T: Module<B>> Module<B> for Option<T> {}
impl<B: Backend, T: Module<B>> Module<B> for Vec<T> {}
impl<B: Backend, T: Module<B>, const N: usize> Module<B> for [T; N] {}

macro_rules! constant_modules {
    ($($t:ty),*) => {$(
        impl<B: Backend> Module<B> for $t {}
        impl<B: AutodiffBackend> AutodiffModule<B> for $t { type InnerModule = $t; }
    )*};
}
constant_modules!(f32, f64, i32, i64, u32, u64, usize, bool, String);

/// A value carried by a module but not a parameter (deprecated for `#[module(skip)]` later).
#[derive(Clone, Debug)]
pub struct Ignored<T>(pub T);
impl<B: Backend, T: Clone + Send + Debug> Module<B> for Ignored<T> {}

/// A running statistic (batch-norm means).
#[derive(Clone, Debug)]
pub struct RunningState<V> {
    value: V,
}
impl<B: Backend, const D: usize> Module<B> for RunningState<Tensor<B, D>> {}
