use std::sync::Arc;

use burn::prelude::*;
use burn::tensor::TensorReadError;
use burn::train::metric::state::{FormatOptions, NumericMetricState};
use burn::train::metric::{
    Metric, MetricAttributes, MetricMetadata, MetricName, Numeric, NumericAttributes, NumericEntry,
    SerializedEntry,
};

pub struct SumInput {
    pub values: Tensor<1>,
}

/// The batch sum, accumulated by a `NumericMetricState`.
#[derive(Clone)]
pub struct SumMetric {
    name: MetricName,
    state: NumericMetricState,
}

impl SumMetric {
    pub fn new() -> Self {
        Self { name: Arc::new("Sum".to_string()), state: NumericMetricState::default() }
    }
}

impl Metric for SumMetric {
    type Input = SumInput;

    fn update(&mut self, input: &Self::Input, _metadata: &MetricMetadata) -> Result<SerializedEntry, TensorReadError> {
        let [batch_size] = input.values.dims();
        let sum = input.values.clone().sum().into_scalar::<f64>();
        self.state.update(sum, batch_size);
        Ok(self.state.compute_update(FormatOptions::new(self.name()).precision(2)))
    }

    fn compute(&mut self) -> Result<SerializedEntry, TensorReadError> {
        Ok(self.state.compute_final(FormatOptions::new(self.name()).precision(2)))
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

impl Numeric for SumMetric {
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

/// The line the project logs for one batch: it updates the metric itself and reads the entry.
pub fn log_line(metric: &mut SumMetric, values: Tensor<1>, meta: &MetricMetadata) -> String {
    let entry = metric.update(&SumInput { values }, meta).unwrap();
    entry.serialized
}
