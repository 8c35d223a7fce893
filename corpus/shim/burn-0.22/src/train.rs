//! `burn::train` of 0.22.1 (feature `train`): no backend parameter anywhere.
use crate::module::Module;
use crate::optim::GradientsParams;
use crate::tensor::{Gradients, Int, Tensor};

/// What a training step returns: the gradients and an output item for the metrics.
pub struct TrainOutput<TO> {
    pub grads: GradientsParams,
    pub item: TO,
}

impl<TO> TrainOutput<TO> {
    pub fn new<M: Module>(module: &M, grads: Gradients, item: TO) -> Self {
        unimplemented!()
    }
}

pub trait TrainStep {
    type Input;
    type Output;
    fn step(&self, item: Self::Input) -> TrainOutput<Self::Output>;
}

pub trait InferenceStep {
    type Input;
    type Output;
    fn step(&self, item: Self::Input) -> Self::Output;
}

#[derive(Debug, Clone)]
pub struct ClassificationOutput {
    pub loss: Tensor<1>,
    pub output: Tensor<2>,
    pub targets: Tensor<1, Int>,
}
impl ClassificationOutput {
    pub fn new(loss: Tensor<1>, output: Tensor<2>, targets: Tensor<1, Int>) -> Self {
        Self { loss, output, targets }
    }
}

#[derive(Debug, Clone)]
pub struct RegressionOutput {
    pub loss: Tensor<1>,
    pub output: Tensor<2>,
    pub targets: Tensor<2>,
}
impl RegressionOutput {
    pub fn new(loss: Tensor<1>, output: Tensor<2>, targets: Tensor<2>) -> Self {
        Self { loss, output, targets }
    }
}

pub mod metric {
    pub trait Metric: Send + Sync {
        fn name(&self) -> String;
    }

    macro_rules! metrics {
        ($($m:ident),*) => {$(
            #[derive(Default)]
            pub struct $m {
                _private: (),
            }
            impl $m {
                pub fn new() -> Self { unimplemented!() }
            }
            impl Metric for $m {
                fn name(&self) -> String { unimplemented!() }
            }
        )*};
    }
    metrics!(AccuracyMetric, LossMetric, TopKAccuracyMetric, PrecisionMetric, RecallMetric);
}
