use burn::prelude::*;

use crate::Net;

pub fn save(net: Net, path: &str) {
    net.save_file(path).expect("saved");
}

pub fn load(net: Net, path: &str, device: &Device) -> Net {
    net.try_load_file(path).expect("loaded")
}

pub fn restore(net: Net, record: burn::store::ModuleRecord) -> Net {
    net.load_record(record)
}

pub fn load_record_file(net: Net, path: &str, device: &Device) -> Net {
    let record = burn::store::ModuleRecord::load(format!("{path}.mpk"))
        .expect("record");
    net.load_record(record)
}

pub fn save_record(net: Net, path: &str) {
    net.into_record().save(format!("{path}/net"))
        .expect("record saved");
}
