use burn::data::dataloader::Progress;
use burn::train::metric::MetricMetadata;

/// A hand-written loop's metadata: the step's rate, an optional rate, and no rate.
pub fn metadata(step: usize, lr: f64, warmup: Option<f64>) -> [MetricMetadata; 3] {
    let progress = Progress { items_processed: step, items_total: 100, unit: None };
    [
        MetricMetadata {
            progress: progress.clone(),
            iteration: Some(step),
            lr: Some((lr * 0.5).into()),
        },
        MetricMetadata {
            progress: progress.clone(),
            iteration: Some(step),
            lr: warmup.map(Into::into),
        },
        MetricMetadata { progress: progress.clone(), iteration: None, lr: None },
    ]
}
