//! `burn::nn` of 0.22.1: modules without a backend parameter; configs build them with
//! `init(&Device)`.
use crate::module::{Param, RunningState};
use crate::tensor::{Device, Int, Tensor};

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
        impl crate::module::Module for $m {
            fn valid(&self) -> Self { unimplemented!() }
            fn train(self) -> Self { unimplemented!() }
            fn fork(self, device: &Device) -> Self { unimplemented!() }
            fn to_device(self, device: &Device) -> Self { unimplemented!() }
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
    pub fn init(&self, device: &Device) -> Linear {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct Linear {
    pub weight: Param<Tensor<2>>,
    pub bias: Option<Param<Tensor<1>>>,
}
impl Linear {
    pub fn forward<const D: usize>(&self, input: Tensor<D>) -> Tensor<D> {
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
    pub fn init(&self, device: &Device) -> Embedding {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct Embedding {
    pub weight: Param<Tensor<2>>,
}
impl Embedding {
    pub fn forward(&self, input: Tensor<2, Int>) -> Tensor<3> {
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
        pub fn init(&self, device: &Device) -> Conv2d {
            unimplemented!()
        }
    }
    #[derive(Clone, Debug)]
    pub struct Conv2d {
        pub weight: Param<Tensor<4>>,
        pub bias: Option<Param<Tensor<1>>>,
    }
    impl Conv2d {
        pub fn forward(&self, input: Tensor<4>) -> Tensor<4> {
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
    pub fn init(&self, device: &Device) -> LayerNorm {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct LayerNorm {
    pub gamma: Param<Tensor<1>>,
    pub beta: Option<Param<Tensor<1>>>,
}
impl LayerNorm {
    pub fn forward<const D: usize>(&self, input: Tensor<D>) -> Tensor<D> {
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
    pub fn init(&self, device: &Device) -> BatchNorm {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct BatchNorm {
    pub gamma: Param<Tensor<1>>,
    pub beta: Param<Tensor<1>>,
    pub running_mean: RunningState<Tensor<1>>,
    pub running_var: RunningState<Tensor<1>>,
}
impl BatchNorm {
    pub fn forward<const D: usize>(&self, input: Tensor<D>) -> Tensor<D> {
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
    pub fn forward<const D: usize>(&self, input: Tensor<D>) -> Tensor<D> {
        unimplemented!()
    }
}
module_impl!(Dropout);

/// The ReLU activation: no parameters, no backend parameter.
#[derive(Clone, Debug, Default)]
pub struct Relu;
impl Relu {
    pub fn new() -> Self {
        Relu
    }
    pub fn forward<const D: usize>(&self, input: Tensor<D>) -> Tensor<D> {
        unimplemented!()
    }
}
module_impl!(Relu);

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
    pub fn init(&self, device: &Device) -> Lstm {
        unimplemented!()
    }
}
#[derive(Clone, Debug)]
pub struct Lstm {
    pub d_hidden: usize,
    _w: Option<Param<Tensor<2>>>,
}
/// The cell and hidden state of an LSTM.
#[derive(Clone, Debug)]
pub struct LstmState<const D: usize> {
    pub cell: Tensor<D>,
    pub hidden: Tensor<D>,
}
impl<const D: usize> LstmState<D> {
    pub fn new(cell: Tensor<D>, hidden: Tensor<D>) -> Self {
        Self { cell, hidden }
    }
}
impl Lstm {
    pub fn forward(&self, batched_input: Tensor<3>, state: Option<LstmState<2>>) -> (Tensor<3>, LstmState<2>) {
        unimplemented!()
    }
}

module_impl!(Linear, Embedding, LayerNorm, BatchNorm, Lstm);
config_impl!(LinearConfig, EmbeddingConfig, LayerNormConfig, BatchNormConfig, DropoutConfig, LstmConfig);

pub mod loss {
        use crate::tensor::{Device, Int, Tensor};

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
        pub fn init(&self, device: &Device) -> CrossEntropyLoss {
            unimplemented!()
        }
    }
    #[derive(Clone, Debug)]
    pub struct CrossEntropyLoss {
        _private: (),
    }
    impl CrossEntropyLoss {
        pub fn forward(&self, logits: Tensor<2>, targets: Tensor<1, Int>) -> Tensor<1> {
            unimplemented!()
        }
    }
    module_impl!(CrossEntropyLoss);
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
        pub fn forward<const D: usize>(&self, logits: Tensor<D>, targets: Tensor<D>, reduction: Reduction) -> Tensor<1> {
            unimplemented!()
        }
    }
}
