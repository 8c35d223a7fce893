use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

/// A round trip through bytes with one recorder held in a `let` (kaizen-recsys's shape).
pub fn round_trip(net: Net, device: &Device) -> Result<Net, String> {
    let blob = net.into_record().into_bytes().map(|bytes| bytes.to_vec())
        .map_err(|e| format!("record failed: {e}"))?;
    let record = burn::store::ModuleRecord::from_bytes(burn::tensor::Bytes::from_bytes_vec(blob.to_vec())).map_err(|e| format!("load failed: {e}"))?;
    Ok(Net::new(device).load_record(record))
}
