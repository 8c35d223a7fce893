use burn::data::dataloader::Progress;
use burn::train::metric::MetricMetadata;

/// A hand-written loop's metadata: the step's rate, an optional rate, and no rate.
pub fn metadata(step: usize, lr: f64, warmup: Option<f64>) -> [MetricMetadata; 3] {
    let progress = Progress { items_processed: step, items_total: 100 };
    [
        MetricMetadata {
            progress: progress.clone(),
            global_progress: progress.clone(),
            iteration: Some(step),
            lr: Some(lr * 0.5),
        },
        MetricMetadata {
            progress: progress.clone(),
            global_progress: progress.clone(),
            iteration: Some(step),
            lr: warmup,
        },
        MetricMetadata { progress: progress.clone(), global_progress: progress, iteration: None, lr: None },
    ]
}
