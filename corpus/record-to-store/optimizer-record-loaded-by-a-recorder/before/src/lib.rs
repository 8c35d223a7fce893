use burn::module::Module;
use burn::nn::Linear;
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, Optimizer};
use burn::record::{CompactRecorder, Recorder};
use burn::tensor::backend::AutodiffBackend;

/// A model and its optimizer, resumed from the files a training run saved.
pub fn resume<B: AutodiffBackend>(
    model: Linear<B>,
    dir: &str,
    device: &B::Device,
) -> (Linear<B>, OptimizerAdaptor<Adam, Linear<B>, B>) {
    let recorder = CompactRecorder::new();
    let optim = AdamConfig::new().init::<B, Linear<B>>();
    let optim_record = recorder.load(format!("{dir}/optim").into(), device).expect("optimizer state");
    let optim = optim.load_record(optim_record);
    let model_record = recorder.load(format!("{dir}/model").into(), device).expect("model");
    (model.load_record(model_record), optim)
}
