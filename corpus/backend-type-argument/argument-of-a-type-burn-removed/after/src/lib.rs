use burn::prelude::*;
use burn::train::LearningComponentsMarker;

/// The components a learner was built with, kept for a report.
pub struct Report {
    pub components: Option<LearningComponentsMarker<f64, u8, u8>>,
}

pub fn loss(x: Tensor<2>) -> Tensor<1> {
    let report: Option<LearningComponentsMarker<f64, u8, u8>> = None;
    drop(report);
    x.sum()
}
