//! `burn::optim` of 0.22.1 (feature `optim`, default): `init()` without generics returns the
//! module-level `ModuleOptimizer`; `Optimizer` is now the per-tensor trait.
use crate::module::Module;
use crate::tensor::{Device, Gradients, Tensor};

pub type LearningRate = f64;

pub mod lr_scheduler {
    pub mod module_lr_scheduler {
        /// The learning rate given to `ModuleOptimizer::step` (from an `f64`).
        #[derive(Clone, Debug)]
        pub struct ModuleLearningRate {
            _private: (),
        }
        impl From<f64> for ModuleLearningRate {
            fn from(lr: f64) -> Self {
                unimplemented!()
            }
        }
    }
}

use lr_scheduler::module_lr_scheduler::ModuleLearningRate;

/// Gradients of a module's parameters, by parameter id.
#[derive(Default, Debug)]
pub struct GradientsParams;

impl GradientsParams {
    pub fn new() -> Self {
        unimplemented!()
    }
    pub fn from_grads<M: Module>(grads: Gradients, module: &M) -> Self {
        unimplemented!()
    }
    pub fn from_module<M: Module>(grads: &mut Gradients, module: &M) -> Self {
        unimplemented!()
    }
    pub fn get<const D: usize>(&self, id: crate::module::ParamId) -> Option<Tensor<D>> {
        unimplemented!()
    }
    pub fn len(&self) -> usize {
        unimplemented!()
    }
    pub fn is_empty(&self) -> bool {
        unimplemented!()
    }
}

/// A per-tensor optimizer (0.21: `SimpleOptimizer<B>`).
pub trait Optimizer: Send + Sync + Clone {
    type State<const D: usize>: Clone + Send + Sync + 'static;
    fn step<const D: usize>(
        &self,
        lr: LearningRate,
        tensor: Tensor<D>,
        grad: Tensor<D>,
        state: Option<Self::State<D>>,
    ) -> (Tensor<D>, Option<Self::State<D>>);
    fn to_device<const D: usize>(state: Self::State<D>, device: &Device) -> Self::State<D>;
}

/// The module-level optimizer every optimizer config builds.
pub struct ModuleOptimizer {
    _private: (),
}

impl ModuleOptimizer {
    pub fn step<M: Module>(&mut self, lr: impl Into<ModuleLearningRate>, module: M, grads: GradientsParams) -> M {
        unimplemented!()
    }
    pub fn save<P: AsRef<std::path::Path>>(&self, path: P) -> Result<(), crate::store::RecordError> {
        unimplemented!()
    }
    pub fn load<P: AsRef<std::path::Path>>(self, path: P) -> Result<Self, crate::store::RecordError> {
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
            pub fn init(&self) -> ModuleOptimizer { unimplemented!() }
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
