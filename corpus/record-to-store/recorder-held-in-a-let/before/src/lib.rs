use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::record::{BinBytesRecorder, FullPrecisionSettings, Recorder};

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

/// A round trip through bytes with one recorder held in a `let` (kaizen-recsys's shape).
pub fn round_trip<B: Backend>(net: Net<B>, device: &B::Device) -> Result<Net<B>, String> {
    let rec = BinBytesRecorder::<FullPrecisionSettings>::default();
    let blob = rec
        .record(net.into_record(), ())
        .map_err(|e| format!("record failed: {e}"))?;
    let record = rec.load(blob, device).map_err(|e| format!("load failed: {e}"))?;
    Ok(Net::new(device).load_record(record))
}
