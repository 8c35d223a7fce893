use std::path::{Path, PathBuf};

use burn::nn::Linear;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
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

pub fn save(net: Net, dir: &Path) {
    net.save_file(dir.join("model")).expect("saved");
}

/// A log line, not a file name.
pub const NOTE: &str = "weights are written next to the config";
