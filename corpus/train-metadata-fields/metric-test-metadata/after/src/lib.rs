use burn::train::metric::MetricMetadata;

/// How far a run is, as the metric sees it.
pub fn fraction(meta: &MetricMetadata) -> f64 {
    meta.progress.items_processed as f64 / meta.progress.items_total.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::data::dataloader::Progress;

    fn meta() -> MetricMetadata {
        MetricMetadata {
            progress: Progress {
                items_processed: 1,
                items_total: 2,
                unit: None,
            },
            iteration: Some(1),
            lr: None,
        }
    }

    #[test]
    fn half_way() {
        assert_eq!(fraction(&meta()), 0.5);
    }
}

/// The project's own `Progress`: not burn's, left alone.
pub mod own {
    pub struct Progress {
        pub items_processed: usize,
        pub items_total: usize,
    }

    pub fn start() -> Progress {
        Progress { items_processed: 0, items_total: 10 }
    }
}
