use burn::data::dataloader::DataLoaderBuilder;
use burn::data::dataloader::batcher::Batcher;
use burn::data::dataset::InMemDataset;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::Linear;
use burn::prelude::*;
use burn::train::metric::LossMetric;
use burn::train::renderer::MetricsRenderer;
use burn::train::{EvaluatorBuilder, InferenceStep, RegressionOutput};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

#[derive(Clone, Debug)]
pub struct Batch {
    pub x: Tensor<2>,
    pub y: Tensor<2>,
}

impl InferenceStep for Net {
    type Input = Batch;
    type Output = RegressionOutput;

    fn step(&self, batch: Batch) -> RegressionOutput {
        let output = self.fc.forward(batch.x);
        let loss = MseLoss::new().forward(output.clone(), batch.y.clone(), Reduction::Mean);
        RegressionOutput::new(loss, output, batch.y)
    }
}

#[derive(Clone, Default)]
pub struct PairBatcher;

impl Batcher<(f32, f32), Batch> for PairBatcher {
    fn batch(&self, items: Vec<(f32, f32)>, device: &Device) -> Batch {
        let n = items.len();
        let xs: Vec<f32> = items.iter().map(|p| p.0).collect();
        let ys: Vec<f32> = items.iter().map(|p| p.1).collect();
        Batch {
            x: Tensor::<1>::from_floats(xs.as_slice(), device).reshape([n, 1]),
            y: Tensor::<1>::from_floats(ys.as_slice(), device).reshape([n, 1]),
        }
    }
}

/// A project type with an `eval` of its own: not burn's evaluator.
pub struct Scorer;

impl Scorer {
    pub fn eval(&self, name: &str, weight: f32) -> f32 {
        name.len() as f32 * weight
    }
}

fn test_data() -> InMemDataset<(f32, f32)> {
    InMemDataset::new(vec![(0.0f32, 1.0f32), (1.0, 3.0)])
}

/// Evaluate on the test split, and hand the renderer back for the next split.
pub fn evaluate(dir: &str, model: Net, renderer: Box<dyn MetricsRenderer>) -> Box<dyn MetricsRenderer> {
    let test = DataLoaderBuilder::new(PairBatcher).batch_size(2).build(test_data());
    let evaluator = EvaluatorBuilder::new(dir)
        .renderer(renderer)
        .metric_numeric(LossMetric::new())
        .build(model);
    evaluator.eval("test", test).renderer
}

/// Evaluate once, the renderer dropped: the result is not used.
pub fn evaluate_once(dir: &str, model: Net) {
    let test = DataLoaderBuilder::new(PairBatcher).batch_size(2).build(test_data());
    let evaluator = EvaluatorBuilder::new(dir).metric_numeric(LossMetric::new()).build(model);
    evaluator.eval("test", test);
}

pub fn score() -> f32 {
    let evaluator = Scorer;
    let total = evaluator.eval("test", 0.5);
    total
}
