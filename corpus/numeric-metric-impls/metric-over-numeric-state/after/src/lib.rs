use std::sync::Arc;

use burn::prelude::*;
use burn::tensor::TensorReadError;
use burn::train::metric::state::{FormatOptions, NumericMetricState};
use burn::train::metric::{
    Metric, MetricAttributes, MetricMetadata, MetricName, Numeric, NumericAttributes, NumericEntry,
    SerializedEntry,
};

pub struct MeanInput {
    pub values: Tensor<1>,
}

/// The batch mean, accumulated by a `NumericMetricState` (burn 0.21's custom-metric shape).
#[derive(Clone)]
pub struct MeanMetric {
    name: MetricName,
    state: NumericMetricState,
}

impl MeanMetric {
    pub fn new() -> Self {
        Self { name: Arc::new("Mean".to_string()), state: NumericMetricState::default() }
    }
}

impl Metric for MeanMetric {
    type Input = MeanInput;

    fn update(&mut self, input: &Self::Input, _metadata: &MetricMetadata) -> Result<SerializedEntry, TensorReadError> {
        let [batch_size] = input.values.dims();
        let mean = input.values.clone().mean().into_scalar::<f64>();
        self.state.update(mean, batch_size);
        Ok(self.state.compute_update(FormatOptions::new(self.name()).precision(3)))
    }

    fn compute(&mut self) -> Result<SerializedEntry, TensorReadError> {
        Ok(self.state.compute_final(FormatOptions::new(self.name()).precision(3)))
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

impl Numeric for MeanMetric {
    fn value(&self) -> Option<NumericEntry> {
        Some(self.state.current_value())
    }

    fn running_value(&self) -> Option<NumericEntry> {
        Some(self.state.running_value())
    }

    fn final_value(&self) -> NumericEntry {
        self.state.final_value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_empty() {
        let metric = MeanMetric::new();
        // 0.21 handed the entry itself
        assert!(metric.value().unwrap().current().is_nan() || metric.value().unwrap().current() == 0.0);
    }
}
