use burn::prelude::*;
use burn::record::CompactRecorder;

use crate::{Net, NetRecord};

pub fn save(net: Net, path: &str) {
    net.save_file(path, &CompactRecorder::new()).expect("saved");
}

pub fn load(net: Net, path: &str, device: &Device) -> Net {
    net.load_file(path, &CompactRecorder::new(), device).expect("loaded")
}

pub fn restore(net: Net, record: NetRecord) -> Net {
    net.load_record(record)
}
