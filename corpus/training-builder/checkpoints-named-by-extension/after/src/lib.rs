use burn::data::dataloader::DataLoaderBuilder;
use burn::data::dataloader::batcher::Batcher;
use burn::data::dataset::InMemDataset;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::AdamConfig;
use burn::prelude::*;
use burn::train::metric::LossMetric;
use burn::train::{InferenceStep, Learner, RegressionOutput, SupervisedTraining, TrainOutput, TrainStep};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

#[derive(Clone, Debug)]
pub struct Batch {
    pub x: Tensor<2>,
    pub y: Tensor<2>,
}

impl Net {
    fn forward_step(&self, batch: Batch) -> RegressionOutput {
        let output = self.fc.forward(batch.x);
        let loss = MseLoss::new().forward(output.clone(), batch.y.clone(), Reduction::Mean);
        RegressionOutput::new(loss, output, batch.y)
    }
}

impl TrainStep for Net {
    type Input = Batch;
    type Output = RegressionOutput;

    fn step(&self, batch: Batch) -> TrainOutput<RegressionOutput> {
        let item = self.forward_step(batch);
        TrainOutput::new(self, item.loss.backward(), item)
    }
}

impl InferenceStep for Net {
    type Input = Batch;
    type Output = RegressionOutput;

    fn step(&self, batch: Batch) -> RegressionOutput {
        self.forward_step(batch)
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

pub fn train(dir: &str, device: Device) {
    let device = device.autodiff();
    let data = || InMemDataset::new(vec![(0.0f32, 1.0f32), (1.0, 3.0)]);
    let train = DataLoaderBuilder::new(PairBatcher).batch_size(2).build(data());
    let valid = DataLoaderBuilder::new(PairBatcher).batch_size(2).build(data());
    let model = Net { fc: LinearConfig::new(1, 1).init(&device) };
    let training = SupervisedTraining::new(dir, train, valid)
        .metric_train_numeric(LossMetric::new())
        .with_default_checkpointers()
        .num_epochs(1)
        .summary();
    let _ = training.launch(Learner::new(model, AdamConfig::new().init(), 1e-3));
}

/// Looks for an old run's checkpoint by the name 0.21's recorder gave it.
pub fn has_checkpoint(dir: &str, epoch: usize) -> bool {
    std::path::Path::new(&format!("{dir}/checkpoint/model-{epoch}.mpk")).exists()
}
