use std::path::{Path, PathBuf};

use burn::nn::Linear;
use burn::prelude::*;
use burn::record::CompactRecorder;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

/// The epochs whose checkpoint files exist (burn-train wrote `model-{epoch}.mpk` in 0.21).
pub fn saved_epochs(artifact_dir: &Path, epochs: usize) -> Vec<usize> {
    (1..=epochs)
        .filter(|epoch| checkpoint_dir(artifact_dir).join(format!("model-{epoch}.mpk")).exists())
        .collect()
}

fn checkpoint_dir(artifact_dir: &Path) -> PathBuf {
    artifact_dir.join("checkpoint")
}

pub fn save<B: Backend>(net: Net<B>, dir: &Path) {
    net.save_file(dir.join("model"), &CompactRecorder::new()).expect("saved");
}

/// A log line, not a file name.
pub const NOTE: &str = "weights are written next to the config";
