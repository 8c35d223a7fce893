use burn::prelude::*;
use burn::record::CompactRecorder;

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
