use std::marker::PhantomData;
use std::sync::Arc;

use burn::prelude::*;
use burn::tensor::ElementConversion;
use burn::train::metric::state::{FormatOptions, NumericMetricState};
use burn::train::metric::{
    Metric, MetricAttributes, MetricMetadata, MetricName, Numeric, NumericAttributes, NumericEntry,
    SerializedEntry,
};

pub struct SumInput<B: Backend> {
    pub values: Tensor<B, 1>,
}

/// The batch sum, accumulated by a `NumericMetricState`.
#[derive(Clone)]
pub struct SumMetric<B: Backend> {
    name: MetricName,
    state: NumericMetricState,
    _b: PhantomData<B>,
}

impl<B: Backend> SumMetric<B> {
    pub fn new() -> Self {
        Self { name: Arc::new("Sum".to_string()), state: NumericMetricState::default(), _b: PhantomData }
    }
}

impl<B: Backend> Metric for SumMetric<B> {
    type Input = SumInput<B>;

    fn update(&mut self, input: &Self::Input, _metadata: &MetricMetadata) -> SerializedEntry {
        let [batch_size] = input.values.dims();
        let sum = input.values.clone().sum().into_scalar().elem::<f64>();
        self.state.update(sum, batch_size, FormatOptions::new(self.name()).precision(2))
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

impl<B: Backend> Numeric for SumMetric<B> {
    fn value(&self) -> NumericEntry {
        self.state.current_value()
    }

    fn running_value(&self) -> NumericEntry {
        self.state.running_value()
    }
}

/// The line the project logs for one batch: it updates the metric itself and reads the entry.
pub fn log_line<B: Backend>(metric: &mut SumMetric<B>, values: Tensor<B, 1>, meta: &MetricMetadata) -> String {
    let entry = metric.update(&SumInput { values }, meta);
    entry.serialized
}
