use burn::backend::{Autodiff, Flex};
use burn::prelude::*;
use burn::train::LearningComponentsMarker;

pub type TrainBackend = Autodiff<Flex>;

/// The components a learner was built with, kept for a report.
pub struct Report {
    pub components: Option<LearningComponentsMarker<TrainBackend, f64, u8, u8>>,
}

pub fn loss(x: Tensor<TrainBackend, 2>) -> Tensor<TrainBackend, 1> {
    let report: Option<LearningComponentsMarker<TrainBackend, f64, u8, u8>> = None;
    drop(report);
    x.sum()
}
