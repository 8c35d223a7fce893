use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::Device;

pub mod paths;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

pub fn init(device: &Device) -> Net {
    Net { fc: LinearConfig::new(4, 2).init(device) }
}

/// Saved where `load` reads it, and no string names `.mpk`: decided.
pub fn save(net: Net, artifact_dir: &str) {
    net.save_file(format!("{artifact_dir}/model"))
        .expect("saved");
}

/// Reads the path shape `save` writes (another variable, the same file): decided.
pub fn load(dir: &str, device: &Device) -> Net {
    let record = burn::store::ModuleRecord::load(format!("{dir}/model"))
        .expect("loaded");
    init(device).load_record(record)
}

/// A record written by path join, read back by `resume`: decided, both.
pub fn checkpoint(net: Net, dir: &std::path::Path) {
    net.into_record().save(dir.join("best"))
        .expect("recorded");
}

pub fn resume(dir: &std::path::Path, device: &Device) -> Net {
    init(device)
        .try_load_file(dir.join("best"))
        .expect("resumed")
}

/// A path nothing here saves (weights from elsewhere, 0.21's perhaps): review.
pub fn pretrained(dir: &str, device: &Device) -> Net {
    init(device)
        .try_load_file(format!("{dir}/pretrained"))
        .expect("pretrained")
}

/// Saved as `.bin`, the extension `paths::BUNDLED` still names: review.
pub fn export(net: Net, dir: &str) {
    net.save_file(format!("{dir}/export"))
        .expect("exported");
}
