use burn::module::Module;
use burn::nn::Linear;
use burn::optim::{AdamConfig, ModuleOptimizer};
use burn::tensor::Device;

/// A model and its optimizer, resumed from the files a training run saved.
pub fn resume(
    model: Linear,
    dir: &str,
    device: &Device,
) -> (Linear, ModuleOptimizer) {
    let optim = AdamConfig::new().init();
    let optim_record = burn::optim::OptimizerRecord::load(format!("{dir}/optim")).expect("optimizer state");
    let optim = optim.load_record(optim_record);
    let model_record = burn::store::ModuleRecord::load(format!("{dir}/model")).expect("model");
    (model.load_record(model_record), optim)
}

/// An optimizer's state from bytes, into a `let` typed as its record (Poche's learner, reading 37).
pub fn optimizer_from_bytes(
    optim: ModuleOptimizer,
    bytes: Vec<u8>,
    device: &Device,
) -> ModuleOptimizer {
    let record: burn::optim::OptimizerRecord =
        burn::optim::OptimizerRecord::from_bytes(burn::tensor::Bytes::from_bytes_vec(bytes.to_vec())).expect("optimizer bytes");
    optim.load_record(record)
}
