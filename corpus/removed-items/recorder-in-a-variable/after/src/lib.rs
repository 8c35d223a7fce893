use burn::nn::Linear;
use burn::prelude::*;
use burn::record::CompactRecorder;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

/// A recorder held in a variable is not rewritten: each place that names it gets a finding.
pub fn save(net: Net, path: &str) {
    let recorder = CompactRecorder::new();
    net.save_file(path, &recorder).expect("saved");
}
