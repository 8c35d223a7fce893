use burn::train::metric::MetricDefinition;
use burn::train::renderer::{
    EvaluationName, EvaluationProgress, MetricState, MetricsRenderer, MetricsRendererEvaluation,
    MetricsRendererTraining, ProgressType, TrainingProgress,
};

/// Prints each progress report and keeps a count of metric updates.
#[derive(Default)]
pub struct PrintRenderer {
    updates: usize,
}

impl MetricsRendererTraining for PrintRenderer {
    fn update_train(&mut self, _state: MetricState) {
        self.updates += 1;
    }

    fn update_valid(&mut self, _state: MetricState) {
        self.updates += 1;
    }

    fn render_train(&mut self, item: TrainingProgress, _indicators: Vec<ProgressType>) {
        println!("train {item:?}");
    }

    fn render_valid(&mut self, item: TrainingProgress, _indicators: Vec<ProgressType>) {
        println!("valid {item:?}");
    }
}

impl MetricsRendererEvaluation for PrintRenderer {
    fn update_test(&mut self, _name: EvaluationName, _state: MetricState) {
        self.updates += 1;
    }

    fn render_test(&mut self, item: EvaluationProgress, _indicators: Vec<ProgressType>) {
        println!("test {item:?}");
    }
}

impl MetricsRenderer for PrintRenderer {
    fn manual_close(&mut self) {}

    fn register_metric(&mut self, _definition: MetricDefinition) {}
}

pub fn boxed() -> Box<dyn MetricsRenderer> {
    Box::new(PrintRenderer::default())
}
