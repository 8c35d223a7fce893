//! `burn::train` of 0.21 (feature `train` in burn; always compiled in this shim).
use crate::module::AutodiffModule;
use crate::optim::GradientsParams;
use crate::tensor::backend::{AutodiffBackend, Backend};
use crate::tensor::{Int, Tensor};

/// What a training step returns: the gradients and an output item for the metrics.
pub struct TrainOutput<TO> {
    pub grads: GradientsParams,
    pub item: TO,
}

impl<TO> TrainOutput<TO> {
    pub fn new<B: AutodiffBackend, M: AutodiffModule<B>>(module: &M, grads: B::Gradients, item: TO) -> Self {
        unimplemented!()
    }
}

/// A training step of a model on an autodiff backend.
pub trait TrainStep {
    type Input;
    type Output;
    fn step(&self, item: Self::Input) -> TrainOutput<Self::Output>;
}

/// An inference (validation) step.
pub trait InferenceStep {
    type Input;
    type Output;
    fn step(&self, item: Self::Input) -> Self::Output;
}

#[derive(Debug, Clone)]
pub struct ClassificationOutput<B: Backend> {
    pub loss: Tensor<B, 1>,
    pub output: Tensor<B, 2>,
    pub targets: Tensor<B, 1, Int>,
}
impl<B: Backend> ClassificationOutput<B> {
    pub fn new(loss: Tensor<B, 1>, output: Tensor<B, 2>, targets: Tensor<B, 1, Int>) -> Self {
        Self { loss, output, targets }
    }
}

#[derive(Debug, Clone)]
pub struct RegressionOutput<B: Backend> {
    pub loss: Tensor<B, 1>,
    pub output: Tensor<B, 2>,
    pub targets: Tensor<B, 2>,
}
impl<B: Backend> RegressionOutput<B> {
    pub fn new(loss: Tensor<B, 1>, output: Tensor<B, 2>, targets: Tensor<B, 2>) -> Self {
        Self { loss, output, targets }
    }
}

pub mod metric {
    use core::marker::PhantomData;

    use crate::tensor::backend::Backend;

    /// Marker trait of the metrics.
    pub trait Metric: Send + Sync {
        fn name(&self) -> String;
    }

    macro_rules! metrics {
        ($($m:ident),*) => {$(
            #[derive(Default)]
            pub struct $m<B: Backend> {
                _b: PhantomData<B>,
            }
            impl<B: Backend> $m<B> {
                pub fn new() -> Self { unimplemented!() }
            }
            impl<B: Backend> Metric for $m<B> {
                fn name(&self) -> String { unimplemented!() }
            }
        )*};
    }
    metrics!(AccuracyMetric, LossMetric, TopKAccuracyMetric, PrecisionMetric, RecallMetric);
}
