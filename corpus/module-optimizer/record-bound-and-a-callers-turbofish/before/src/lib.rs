use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, Optimizer};
use burn::record::{FullPrecisionSettings, NamedMpkFileRecorder, Record, Recorder};
use burn::tensor::backend::AutodiffBackend;
use std::path::Path;

/// The optimizer's record bound (`O::Record: Record<B>`) goes with `O`.
pub fn save_optimizer<B, O>(o: &O, dir: &Path) -> Result<(), String>
where
    B: AutodiffBackend,
    O: Optimizer<Linear<B>, B>,
    O::Record: Record<B>,
{
    NamedMpkFileRecorder::<FullPrecisionSettings>::new()
        .record(o.to_record(), dir.join("optimizer"))
        .map_err(|e| e.to_string())
}

/// The caller's turbofish names `B` and the optimizer: both go.
pub fn run<B: AutodiffBackend>(device: &B::Device, dir: &Path) -> Result<(), String> {
    let _layer: Linear<B> = LinearConfig::new(2, 2).init(device);
    let optim = AdamConfig::new().init::<B, Linear<B>>();
    save_optimizer::<B, _>(&optim, dir)
}
