use burn::data::dataloader::DataLoaderBuilder;
use burn::data::dataloader::batcher::Batcher;
use burn::data::dataset::InMemDataset;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, LinearConfig};
use burn::optim::AdamConfig;
use burn::prelude::*;
use burn::record::{CompactRecorder, Recorder};
use burn::tensor::backend::AutodiffBackend;
use burn::train::metric::LossMetric;
use burn::train::{InferenceStep, Learner, RegressionOutput, SupervisedTraining, TrainOutput, TrainStep};

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

#[derive(Clone, Debug)]
pub struct Batch<B: Backend> {
    pub x: Tensor<B, 2>,
    pub y: Tensor<B, 2>,
}

impl<B: Backend> Net<B> {
    fn forward_step(&self, batch: Batch<B>) -> RegressionOutput<B> {
        let output = self.fc.forward(batch.x);
        let loss = MseLoss::new().forward(output.clone(), batch.y.clone(), Reduction::Mean);
        RegressionOutput::new(loss, output, batch.y)
    }
}

impl<B: AutodiffBackend> TrainStep for Net<B> {
    type Input = Batch<B>;
    type Output = RegressionOutput<B>;

    fn step(&self, batch: Batch<B>) -> TrainOutput<RegressionOutput<B>> {
        let item = self.forward_step(batch);
        TrainOutput::new(self, item.loss.backward(), item)
    }
}

impl<B: Backend> InferenceStep for Net<B> {
    type Input = Batch<B>;
    type Output = RegressionOutput<B>;

    fn step(&self, batch: Batch<B>) -> RegressionOutput<B> {
        self.forward_step(batch)
    }
}

#[derive(Clone, Default)]
pub struct PairBatcher;

impl<B: Backend> Batcher<B, (f32, f32), Batch<B>> for PairBatcher {
    fn batch(&self, items: Vec<(f32, f32)>, device: &B::Device) -> Batch<B> {
        let n = items.len();
        let xs: Vec<f32> = items.iter().map(|p| p.0).collect();
        let ys: Vec<f32> = items.iter().map(|p| p.1).collect();
        Batch {
            x: Tensor::<B, 1>::from_floats(xs.as_slice(), device).reshape([n, 1]),
            y: Tensor::<B, 1>::from_floats(ys.as_slice(), device).reshape([n, 1]),
        }
    }
}

pub fn train<B: AutodiffBackend>(dir: &str, device: B::Device) {
    let data = || InMemDataset::new(vec![(0.0f32, 1.0f32), (1.0, 3.0)]);
    let train = DataLoaderBuilder::<B, _, _>::new(PairBatcher).batch_size(2).build(data());
    let valid = DataLoaderBuilder::<B::InnerBackend, _, _>::new(PairBatcher).batch_size(2).build(data());
    let model = Net { fc: LinearConfig::new(1, 1).init(&device) };
    let training = SupervisedTraining::new(dir, train, valid)
        .metric_train_numeric(LossMetric::new())
        .with_file_checkpointer(CompactRecorder::new())
        .num_epochs(1)
        .summary();
    let _ = training.launch(Learner::new(model, AdamConfig::new().init(), 1e-3));
}

/// Reads back a model checkpoint the learner wrote (its place and name are 0.22.1's too).
pub fn best<B: AutodiffBackend>(dir: &str, epoch: usize, device: &B::Device) -> Net<B> {
    let record = CompactRecorder::new()
        .load(format!("{dir}/checkpoint/model-{epoch}").into(), device)
        .expect("checkpoint");
    Net { fc: LinearConfig::new(1, 1).init(device) }.load_record(record)
}
