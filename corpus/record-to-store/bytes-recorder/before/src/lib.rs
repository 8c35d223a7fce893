use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::record::{BinBytesRecorder, FullPrecisionSettings, NamedMpkBytesRecorder, Recorder};

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

static WEIGHTS: &[u8] = &[0u8; 4];

/// Weights compiled into the binary, as a wasm build ships them.
pub fn embedded<B: Backend>(device: &B::Device) -> Net<B> {
    let record = BinBytesRecorder::<FullPrecisionSettings, &'static [u8]>::default()
        .load(WEIGHTS, device)
        .expect("decoded");
    Net::new(device).load_record(record)
}

pub fn to_bytes<B: Backend>(net: Net<B>) -> Vec<u8> {
    NamedMpkBytesRecorder::<FullPrecisionSettings>::new()
        .record(net.into_record(), ())
        .expect("encoded")
}

pub fn from_bytes<B: Backend>(bytes: Vec<u8>, device: &B::Device) -> Net<B> {
    let record = NamedMpkBytesRecorder::<FullPrecisionSettings>::new()
        .load(bytes, device)
        .expect("decoded");
    Net::new(device).load_record(record)
}
