use burn::prelude::*;
use burn::record::{CompactRecorder, Recorder};

use crate::{Net, NetRecord};

pub fn save<B: Backend>(net: Net<B>, path: &str) {
    net.save_file(path, &CompactRecorder::new()).expect("saved");
}

pub fn load<B: Backend>(net: Net<B>, path: &str, device: &B::Device) -> Net<B> {
    net.load_file(path, &CompactRecorder::new(), device).expect("loaded")
}

pub fn restore<B: Backend>(net: Net<B>, record: NetRecord<B>) -> Net<B> {
    net.load_record(record)
}

pub fn load_record_file<B: Backend>(net: Net<B>, path: &str, device: &B::Device) -> Net<B> {
    let record = burn::record::CompactRecorder::new()
        .load(format!("{path}.mpk").into(), device)
        .expect("record");
    net.load_record(record)
}

pub fn save_record<B: Backend>(net: Net<B>, path: &str) {
    CompactRecorder::new()
        .record(net.into_record(), format!("{path}/net").into())
        .expect("record saved");
}
