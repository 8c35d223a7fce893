use burn::record::CompactRecorder;

use crate::params::MultiDevice;

/// burn's recorder, held by type: its finding.
pub fn recorder() -> CompactRecorder {
    CompactRecorder::new()
}

/// A metrics facade's own `Recorder` trait and a project `MultiDevice` (burn-central's
/// telemetry and runtime, reading 35): names of burn 0.21 items, not burn's.
pub mod metrics {
    pub trait Recorder {
        fn describe(&self) -> usize;
    }
}

pub struct Sink;

impl metrics::Recorder for Sink {
    fn describe(&self) -> usize {
        1
    }
}

pub mod params {
    #[derive(Clone, Debug, Default)]
    pub struct MultiDevice {
        pub count: usize,
    }
}

pub fn devices() -> MultiDevice {
    MultiDevice::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn described() {
        assert_eq!(metrics::Recorder::describe(&Sink), 1);
        assert_eq!(devices().count, 0);
    }
}
