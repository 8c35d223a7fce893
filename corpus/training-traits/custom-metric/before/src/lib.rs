use std::sync::Arc;

use burn::train::metric::state::{FormatOptions, NumericMetricState};
use burn::train::metric::{Metric, MetricMetadata, MetricName, Numeric, NumericEntry, SerializedEntry};

/// The mean of the batch outputs: a 0.21 metric (its `update` returns the entry, no `compute`).
#[derive(Clone)]
pub struct MeanOutput {
    name: MetricName,
    state: NumericMetricState,
}

impl MeanOutput {
    pub fn new() -> Self {
        Self { name: Arc::new("Mean output".to_string()), state: NumericMetricState::default() }
    }
}

impl Default for MeanOutput {
    fn default() -> Self {
        Self::new()
    }
}

pub struct MeanInput {
    pub mean: f64,
    pub batch_size: usize,
}

impl Metric for MeanOutput {
    type Input = MeanInput;

    fn name(&self) -> MetricName {
        self.name.clone()
    }

    fn update(&mut self, item: &MeanInput, _metadata: &MetricMetadata) -> SerializedEntry {
        // the format depends on the batch: not something `compute` could repeat
        let format = FormatOptions::new(self.name()).precision(if item.batch_size > 1 { 3 } else { 1 });
        self.state.update(item.mean, item.batch_size, format)
    }

    fn clear(&mut self) {
        self.state.reset()
    }
}

impl Numeric for MeanOutput {
    fn value(&self) -> NumericEntry {
        self.state.current_value()
    }

    fn running_value(&self) -> NumericEntry {
        self.state.running_value()
    }
}

/// A training output in the 0.21 shape of `ItemLazy`.
pub struct Output {
    pub value: f64,
}

impl burn::train::ItemLazy for Output {
    type ItemSync = Output;

    fn sync(self) -> Output {
        self
    }
}

/// Any metric's current value, read as 0.21's `NumericEntry` (which metric, and whether its
/// value is always there in 0.22.1, is not known here).
pub fn current_of<M: Numeric>(metric: &M) -> f64 {
    metric.value().current()
}
