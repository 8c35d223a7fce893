use burn::prelude::*;
use burn::record::{BinBytesRecorder, FullPrecisionSettings, Record, Recorder};

/// Encodes any record of backend `B` in full precision.
pub fn encode_record<B: Backend, R: Record<B>>(record: R) -> Vec<u8> {
    Recorder::<B>::record(&BinBytesRecorder::<FullPrecisionSettings>::default(), record, ())
        .expect("encode")
}
