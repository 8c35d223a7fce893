//! `burn::optim` of 0.21: `Optimizer<M, B>` is the module-level trait; configs build an
//! `OptimizerAdaptor` with `init::<B, M>()`.
use core::marker::PhantomData;

use crate::module::AutodiffModule;
use crate::tensor::backend::{AutodiffBackend, Backend};
use crate::tensor::Tensor;

pub type LearningRate = f64;

/// Gradients of a module's parameters, by parameter id.
#[derive(Default, Debug)]
pub struct GradientsParams;

impl GradientsParams {
    pub fn new() -> Self {
        unimplemented!()
    }
    pub fn from_grads<B: AutodiffBackend, M: AutodiffModule<B>>(grads: B::Gradients, module: &M) -> Self {
        unimplemented!()
    }
    pub fn from_module<B: AutodiffBackend, M: AutodiffModule<B>>(grads: &mut B::Gradients, module: &M) -> Self {
        unimplemented!()
    }
    pub fn get<B: Backend, const D: usize>(&self, id: crate::module::ParamId) -> Option<Tensor<B, D>> {
        unimplemented!()
    }
    pub fn len(&self) -> usize {
        unimplemented!()
    }
    pub fn is_empty(&self) -> bool {
        unimplemented!()
    }
}

/// The module-level optimizer trait.
pub trait Optimizer<M, B>: Send
where
    M: AutodiffModule<B>,
    B: AutodiffBackend,
{
    type Record;
    fn step(&mut self, lr: LearningRate, module: M, grads: GradientsParams) -> M;
    fn to_record(&self) -> Self::Record;
    fn load_record(self, record: Self::Record) -> Self;
}

/// A per-tensor optimizer (0.22: `Optimizer`).
pub trait SimpleOptimizer<B: Backend>: Send + Sync + Clone {
    type State<const D: usize>: Clone + Send + Sync + 'static;
    fn step<const D: usize>(
        &self,
        lr: LearningRate,
        tensor: Tensor<B, D>,
        grad: Tensor<B, D>,
        state: Option<Self::State<D>>,
    ) -> (Tensor<B, D>, Option<Self::State<D>>);
    fn to_device<const D: usize>(state: Self::State<D>, device: &B::Device) -> Self::State<D>;
}

/// Wraps a `SimpleOptimizer` into an `Optimizer<M, B>`.
pub struct OptimizerAdaptor<O, M, B> {
    _p: PhantomData<(O, M, B)>,
}

impl<O, M, B> Optimizer<M, B> for OptimizerAdaptor<O, M, B>
where
    B: AutodiffBackend,
    M: AutodiffModule<B>,
    O: Send,
{
    type Record = ();
    fn step(&mut self, lr: LearningRate, module: M, grads: GradientsParams) -> M {
        unimplemented!()
    }
    fn to_record(&self) -> Self::Record {
        unimplemented!()
    }
    fn load_record(self, record: Self::Record) -> Self {
        unimplemented!()
    }
}

macro_rules! optimizer {
    ($($cfg:ident => $opt:ident),*) => {$(
        #[derive(Clone, Debug)]
        pub struct $cfg {
            _private: (),
        }
        impl $cfg {
            pub fn new() -> Self { unimplemented!() }
            pub fn with_weight_decay(self, weight_decay: Option<decay::WeightDecayConfig>) -> Self { unimplemented!() }
            pub fn with_grad_clipping(self, grad_clipping: Option<crate::grad_clipping::GradientClippingConfig>) -> Self { unimplemented!() }
            pub fn init<B: AutodiffBackend, M: AutodiffModule<B>>(&self) -> OptimizerAdaptor<$opt, M, B> { unimplemented!() }
        }
        impl crate::config::Config for $cfg {}
        impl core::fmt::Display for $cfg {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { unimplemented!() }
        }
        #[derive(Clone, Debug)]
        pub struct $opt {
            _private: (),
        }
    )*};
}
optimizer!(AdamConfig => Adam, AdamWConfig => AdamW, SgdConfig => Sgd, RmsPropConfig => RmsProp, AdaGradConfig => AdaGrad);

impl AdamConfig {
    pub fn with_beta_1(self, beta_1: f32) -> Self {
        unimplemented!()
    }
    pub fn with_beta_2(self, beta_2: f32) -> Self {
        unimplemented!()
    }
    pub fn with_epsilon(self, epsilon: f32) -> Self {
        unimplemented!()
    }
}

impl SgdConfig {
    pub fn with_momentum(self, momentum: Option<momentum::MomentumConfig>) -> Self {
        unimplemented!()
    }
}

pub mod decay {
    #[derive(Clone, Debug)]
    pub struct WeightDecayConfig {
        pub penalty: f32,
    }
    impl WeightDecayConfig {
        pub fn new(penalty: f32) -> Self {
            Self { penalty }
        }
    }
}

pub mod momentum {
    #[derive(Clone, Debug)]
    pub struct MomentumConfig {
        pub momentum: f64,
    }
    impl MomentumConfig {
        pub fn new() -> Self {
            unimplemented!()
        }
    }
}

pub mod adaptor {
    pub use super::OptimizerAdaptor;
}
