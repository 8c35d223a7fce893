use burn::record::{BinBytesRecorder, FullPrecisionSettings, Record, Recorder};

/// Encodes any record of backend `B` in full precision.
pub fn encode_record<R: Record>(record: R) -> Vec<u8> {
    Recorder::record(&BinBytesRecorder::<FullPrecisionSettings>::default(), record, ())
        .expect("encode")
}
