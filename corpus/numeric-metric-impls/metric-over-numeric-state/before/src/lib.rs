use std::marker::PhantomData;
use std::sync::Arc;

use burn::prelude::*;
use burn::tensor::ElementConversion;
use burn::train::metric::state::{FormatOptions, NumericMetricState};
use burn::train::metric::{
    Metric, MetricAttributes, MetricMetadata, MetricName, Numeric, NumericAttributes, NumericEntry,
    SerializedEntry,
};

pub struct MeanInput<B: Backend> {
    pub values: Tensor<B, 1>,
}

/// The batch mean, accumulated by a `NumericMetricState` (burn 0.21's custom-metric shape).
#[derive(Clone)]
pub struct MeanMetric<B: Backend> {
    name: MetricName,
    state: NumericMetricState,
    _b: PhantomData<B>,
}

impl<B: Backend> MeanMetric<B> {
    pub fn new() -> Self {
        Self { name: Arc::new("Mean".to_string()), state: NumericMetricState::default(), _b: PhantomData }
    }
}

impl<B: Backend> Metric for MeanMetric<B> {
    type Input = MeanInput<B>;

    fn update(&mut self, input: &Self::Input, _metadata: &MetricMetadata) -> SerializedEntry {
        let [batch_size] = input.values.dims();
        let mean = input.values.clone().mean().into_scalar().elem::<f64>();
        self.state.update(mean, batch_size, FormatOptions::new(self.name()).precision(3))
    }

    fn clear(&mut self) {
        self.state.reset();
    }

    fn name(&self) -> MetricName {
        self.name.clone()
    }

    fn attributes(&self) -> MetricAttributes {
        NumericAttributes { unit: None, higher_is_better: true }.into()
    }
}

impl<B: Backend> Numeric for MeanMetric<B> {
    fn value(&self) -> NumericEntry {
        self.state.current_value()
    }

    fn running_value(&self) -> NumericEntry {
        self.state.running_value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::NdArray;

    #[test]
    fn starts_empty() {
        let metric = MeanMetric::<NdArray>::new();
        // 0.21 handed the entry itself
        assert!(metric.value().current().is_nan() || metric.value().current() == 0.0);
    }
}
