//! `burn::nn` of 0.21: modules generic over the backend; configs build them with
//! `init::<B>(&B::Device)`.
use crate::module::{Param, RunningState};
use crate::tensor::backend::Backend;
use crate::tensor::{Int, Tensor};

macro_rules! config_impl {
    ($($c:ident),*) => {$(
        impl crate::config::Config for $c {}
        impl core::fmt::Display for $c {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { unimplemented!() }
        }
    )*};
}

macro_rules! module_impl {
    ($($m:ident),*) => {$(
        impl<B: Backend> crate::module::Module<B> for $m<B> {}
        impl<B: crate::tensor::backend::AutodiffBackend> crate::module::AutodiffModule<B> for $m<B> {
            type InnerModule = $m<B::InnerBackend>;
        }
    )*};
}

/// Parameter initialisers.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    Constant { value: f64 },
    Ones,
    Zeros,
    Uniform { min: f64, max: f64 },
    Normal { mean: f64, std: f64 },
    KaimingUniform { gain: f64, fan_out_only: bool },
    KaimingNormal { gain: f64, fan_out_only: bool },
    XavierUniform { gain: f64 },
    XavierNormal { gain: f64 },
}

#[derive(Clone, Debug)]
pub struct LinearConfig {
    pub d_input: usize,
    pub d_output: usize,
    pub bias: bool,
    pub initializer: Initializer,
}
impl LinearConfig {
    pub fn new(d_input: usize, d_output: usize) -> Self {
        unimplemented!()
    }
    pub fn with_bias(self, bias: bool) -> Self {
        unimplemented!()
    }
    pub fn with_initializer(self, initializer: Initializer) -> Self {
        unimplemented!()
    }
    pub fn init<B: Backend>(&self, device: &B::Device) -> Linear<B> {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct Linear<B: Backend> {
    pub weight: Param<Tensor<B, 2>>,
    pub bias: Option<Param<Tensor<B, 1>>>,
}
impl<B: Backend> Linear<B> {
    pub fn forward<const D: usize>(&self, input: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
}

#[derive(Clone, Debug)]
pub struct EmbeddingConfig {
    pub n_embedding: usize,
    pub d_model: usize,
}
impl EmbeddingConfig {
    pub fn new(n_embedding: usize, d_model: usize) -> Self {
        unimplemented!()
    }
    pub fn init<B: Backend>(&self, device: &B::Device) -> Embedding<B> {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct Embedding<B: Backend> {
    pub weight: Param<Tensor<B, 2>>,
}
impl<B: Backend> Embedding<B> {
    pub fn forward(&self, input: Tensor<B, 2, Int>) -> Tensor<B, 3> {
        unimplemented!()
    }
}

pub mod conv {
    use super::*;

    #[derive(Clone, Debug)]
    pub struct Conv2dConfig {
        pub channels: [usize; 2],
        pub kernel_size: [usize; 2],
    }
    impl Conv2dConfig {
        pub fn new(channels: [usize; 2], kernel_size: [usize; 2]) -> Self {
            unimplemented!()
        }
        pub fn with_stride(self, stride: [usize; 2]) -> Self {
            unimplemented!()
        }
        pub fn with_padding(self, padding: super::PaddingConfig2d) -> Self {
            unimplemented!()
        }
        pub fn with_bias(self, bias: bool) -> Self {
            unimplemented!()
        }
        pub fn init<B: Backend>(&self, device: &B::Device) -> Conv2d<B> {
            unimplemented!()
        }
    }
    #[derive(Clone, Debug)]
    pub struct Conv2d<B: Backend> {
        pub weight: Param<Tensor<B, 4>>,
        pub bias: Option<Param<Tensor<B, 1>>>,
    }
    impl<B: Backend> Conv2d<B> {
        pub fn forward(&self, input: Tensor<B, 4>) -> Tensor<B, 4> {
            unimplemented!()
        }
    }
    module_impl!(Conv2d);
    config_impl!(Conv2dConfig);
}
pub use conv::{Conv2d, Conv2dConfig};

#[derive(Clone, Debug, PartialEq)]
pub enum PaddingConfig2d {
    Same,
    Valid,
    Explicit(usize, usize),
}

#[derive(Clone, Debug)]
pub struct LayerNormConfig {
    pub d_model: usize,
}
impl LayerNormConfig {
    pub fn new(d_model: usize) -> Self {
        unimplemented!()
    }
    pub fn init<B: Backend>(&self, device: &B::Device) -> LayerNorm<B> {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct LayerNorm<B: Backend> {
    pub gamma: Param<Tensor<B, 1>>,
    pub beta: Option<Param<Tensor<B, 1>>>,
}
impl<B: Backend> LayerNorm<B> {
    pub fn forward<const D: usize>(&self, input: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
}

#[derive(Clone, Debug)]
pub struct BatchNormConfig {
    pub num_features: usize,
}
impl BatchNormConfig {
    pub fn new(num_features: usize) -> Self {
        unimplemented!()
    }
    pub fn init<B: Backend>(&self, device: &B::Device) -> BatchNorm<B> {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct BatchNorm<B: Backend> {
    pub gamma: Param<Tensor<B, 1>>,
    pub beta: Param<Tensor<B, 1>>,
    pub running_mean: RunningState<Tensor<B, 1>>,
    pub running_var: RunningState<Tensor<B, 1>>,
}
impl<B: Backend> BatchNorm<B> {
    pub fn forward<const D: usize>(&self, input: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
}

#[derive(Clone, Debug)]
pub struct DropoutConfig {
    pub prob: f64,
}
impl DropoutConfig {
    pub fn new(prob: f64) -> Self {
        unimplemented!()
    }
    pub fn init(&self) -> Dropout {
        unimplemented!()
    }
}
/// Dropout has no parameters and no backend parameter.
#[derive(Clone, Debug)]
pub struct Dropout {
    pub prob: f64,
}
impl Dropout {
    pub fn forward<B: Backend, const D: usize>(&self, input: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
}
impl<B: Backend> crate::module::Module<B> for Dropout {}
impl<B: crate::tensor::backend::AutodiffBackend> crate::module::AutodiffModule<B> for Dropout {
    type InnerModule = Dropout;
}

/// The ReLU activation: no parameters, no backend parameter.
#[derive(Clone, Debug, Default)]
pub struct Relu;
impl Relu {
    pub fn new() -> Self {
        Relu
    }
    pub fn forward<B: Backend, const D: usize>(&self, input: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
}
impl<B: Backend> crate::module::Module<B> for Relu {}
impl<B: crate::tensor::backend::AutodiffBackend> crate::module::AutodiffModule<B> for Relu {
    type InnerModule = Relu;
}

#[derive(Clone, Debug)]
pub struct LstmConfig {
    pub d_input: usize,
    pub d_hidden: usize,
    pub bias: bool,
}
impl LstmConfig {
    pub fn new(d_input: usize, d_hidden: usize, bias: bool) -> Self {
        unimplemented!()
    }
    pub fn init<B: Backend>(&self, device: &B::Device) -> Lstm<B> {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct Lstm<B: Backend> {
    pub d_hidden: usize,
    _w: Option<Param<Tensor<B, 2>>>,
}
/// The cell and hidden state of an LSTM.
#[derive(Clone, Debug)]
pub struct LstmState<B: Backend, const D: usize> {
    pub cell: Tensor<B, D>,
    pub hidden: Tensor<B, D>,
}
impl<B: Backend, const D: usize> LstmState<B, D> {
    pub fn new(cell: Tensor<B, D>, hidden: Tensor<B, D>) -> Self {
        Self { cell, hidden }
    }
}
impl<B: Backend> Lstm<B> {
    pub fn forward(&self, batched_input: Tensor<B, 3>, state: Option<LstmState<B, 2>>) -> (Tensor<B, 3>, LstmState<B, 2>) {
        unimplemented!()
    }
}

module_impl!(Linear, Embedding, LayerNorm, BatchNorm, Lstm);
config_impl!(LinearConfig, EmbeddingConfig, LayerNormConfig, BatchNormConfig, DropoutConfig, LstmConfig);

pub mod loss {
    use crate::tensor::backend::Backend;
    use crate::tensor::{Int, Tensor};

    #[derive(Clone, Debug)]
    pub struct CrossEntropyLossConfig {
        pub smoothing: Option<f32>,
        pub logits: bool,
    }
    impl CrossEntropyLossConfig {
        pub fn new() -> Self {
            unimplemented!()
        }
        pub fn with_smoothing(self, smoothing: Option<f32>) -> Self {
            unimplemented!()
        }
        pub fn init<B: Backend>(&self, device: &B::Device) -> CrossEntropyLoss<B> {
            unimplemented!()
        }
    }
    #[derive(Clone, Debug)]
    pub struct CrossEntropyLoss<B: Backend> {
        _b: core::marker::PhantomData<B>,
    }
    impl<B: Backend> CrossEntropyLoss<B> {
        pub fn forward(&self, logits: Tensor<B, 2>, targets: Tensor<B, 1, Int>) -> Tensor<B, 1> {
            unimplemented!()
        }
    }
    impl<B: Backend> crate::module::Module<B> for CrossEntropyLoss<B> {}
    config_impl!(CrossEntropyLossConfig);

    #[derive(Clone, Copy, Debug)]
    pub enum Reduction {
        Mean,
        Sum,
        Auto,
    }
    #[derive(Clone, Debug, Default)]
    pub struct MseLoss;
    impl MseLoss {
        pub fn new() -> Self {
            MseLoss
        }
        pub fn forward<B: Backend, const D: usize>(&self, logits: Tensor<B, D>, targets: Tensor<B, D>, reduction: Reduction) -> Tensor<B, 1> {
            unimplemented!()
        }
    }
}
