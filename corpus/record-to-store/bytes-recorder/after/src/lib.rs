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

static WEIGHTS: &[u8] = &[0u8; 4];

/// Weights compiled into the binary, as a wasm build ships them.
pub fn embedded(device: &Device) -> Net {
    let record = burn::store::ModuleRecord::from_bytes(burn::tensor::Bytes::from_bytes_vec(WEIGHTS.to_vec()))
        .expect("decoded");
    Net::new(device).load_record(record)
}

pub fn to_bytes(net: Net) -> Vec<u8> {
    net.into_record().into_bytes().map(|bytes| bytes.to_vec())
        .expect("encoded")
}

pub fn from_bytes(bytes: Vec<u8>, device: &Device) -> Net {
    let record = burn::store::ModuleRecord::from_bytes(burn::tensor::Bytes::from_bytes_vec(bytes.to_vec()))
        .expect("decoded");
    Net::new(device).load_record(record)
}
