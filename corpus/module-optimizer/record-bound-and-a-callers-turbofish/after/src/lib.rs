use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, ModuleOptimizer};
use std::path::Path;
use burn::tensor::Device;

/// The optimizer's record bound (`O::Record: Record<B>`) goes with `O`.
pub fn save_optimizer(o: &ModuleOptimizer, dir: &Path) -> Result<(), String> {
    o.to_record().save(dir.join("optimizer"))
        .map_err(|e| e.to_string())
}

/// The caller's turbofish names `B` and the optimizer: both go.
pub fn run(device: &Device, dir: &Path) -> Result<(), String> {
    let _layer: Linear = LinearConfig::new(2, 2).init(device);
    let optim = AdamConfig::new().init();
    save_optimizer(&optim, dir)
}
