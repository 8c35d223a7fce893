use burn::module::Module;
use burn::nn::Linear;
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{Adam, AdamConfig, Optimizer};
use burn::record::{BinBytesRecorder, CompactRecorder, FullPrecisionSettings, Recorder};
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

/// An optimizer's state from bytes, into a `let` typed as its record (Poche's learner, reading 37).
pub fn optimizer_from_bytes<B: AutodiffBackend>(
    optim: OptimizerAdaptor<Adam, Linear<B>, B>,
    bytes: Vec<u8>,
    device: &B::Device,
) -> OptimizerAdaptor<Adam, Linear<B>, B> {
    let recorder = BinBytesRecorder::<FullPrecisionSettings>::default();
    let record: <OptimizerAdaptor<Adam, Linear<B>, B> as Optimizer<Linear<B>, B>>::Record =
        recorder.load(bytes, device).expect("optimizer bytes");
    optim.load_record(record)
}
