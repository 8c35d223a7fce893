use std::sync::Arc;

use burn::train::metric::state::{FormatOptions, NumericMetricState};
use burn::train::metric::{
    Metric, MetricAttributes, MetricMetadata, MetricName, Numeric, NumericAttributes, NumericEntry,
    SerializedEntry,
};

/// Episode returns of a simulation; an episode may not have ended yet.
pub struct EpisodeInput {
    pub returns: Vec<Option<f64>>,
}

/// The mean return of the ended episodes, accumulated by a `NumericMetricState`.
#[derive(Clone)]
pub struct ReturnMetric {
    name: MetricName,
    state: NumericMetricState,
}

impl ReturnMetric {
    pub fn new() -> Self {
        Self { name: Arc::new("Return".to_string()), state: NumericMetricState::default() }
    }
}

impl Metric for ReturnMetric {
    type Input = EpisodeInput;

    fn update(&mut self, input: &Self::Input, _metadata: &MetricMetadata) -> SerializedEntry {
        let ended: Vec<f64> = input.returns.iter().filter_map(|r| {
            // the closure's own `return` gives the closure's value: left as it is
            let Some(value) = r else { return None };
            Some(*value)
        }).collect();
        let Some(first) = ended.first() else {
            return SerializedEntry::new("-".to_string(), String::new());
        };
        let mean = match ended.len() {
            0 => return SerializedEntry::new("-".to_string(), String::new()),
            n => ended.iter().sum::<f64>() / n as f64,
        };
        let _ = first;
        self.state.update(mean, ended.len(), FormatOptions::new(self.name()).precision(2))
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

impl Numeric for ReturnMetric {
    fn value(&self) -> NumericEntry {
        self.state.current_value()
    }

    fn running_value(&self) -> NumericEntry {
        self.state.running_value()
    }
}
