use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::prelude::Backend;
use burn::record::{BinFileRecorder, CompactRecorder, DefaultRecorder, FullPrecisionSettings, Recorder};

pub mod paths;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

pub fn init<B: Backend>(device: &B::Device) -> Net<B> {
    Net { fc: LinearConfig::new(4, 2).init(device) }
}

/// Saved where `load` reads it, and no string names `.mpk`: decided.
pub fn save<B: Backend>(net: Net<B>, artifact_dir: &str) {
    net.save_file(format!("{artifact_dir}/model"), &CompactRecorder::new())
        .expect("saved");
}

/// Reads the path shape `save` writes (another variable, the same file): decided.
pub fn load<B: Backend>(dir: &str, device: &B::Device) -> Net<B> {
    let record = CompactRecorder::new()
        .load(format!("{dir}/model").into(), device)
        .expect("loaded");
    init::<B>(device).load_record(record)
}

/// A record written by path join, read back by `resume`: decided, both.
pub fn checkpoint<B: Backend>(net: Net<B>, dir: &std::path::Path) {
    DefaultRecorder::new()
        .record(net.into_record(), dir.join("best"))
        .expect("recorded");
}

pub fn resume<B: Backend>(dir: &std::path::Path, device: &B::Device) -> Net<B> {
    init::<B>(device)
        .load_file(dir.join("best"), &DefaultRecorder::new(), device)
        .expect("resumed")
}

/// A path nothing here saves (weights from elsewhere, 0.21's perhaps): review.
pub fn pretrained<B: Backend>(dir: &str, device: &B::Device) -> Net<B> {
    init::<B>(device)
        .load_file(format!("{dir}/pretrained"), &CompactRecorder::new(), device)
        .expect("pretrained")
}

/// Saved as `.bin`, the extension `paths::BUNDLED` still names: review.
pub fn export<B: Backend>(net: Net<B>, dir: &str) {
    net.save_file(format!("{dir}/export"), &BinFileRecorder::<FullPrecisionSettings>::new())
        .expect("exported");
}
