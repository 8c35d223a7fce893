pub mod model;

use burn::module::Module;

use crate::model::{Net, NetRecord};

/// The record type `#[derive(Module)]` generated, imported and named in a signature.
pub fn restore(net: Net, record: burn::store::ModuleRecord) -> Net {
    net.load_record(record)
}

/// The record type named in code, not in a `use`.
pub fn snapshot(net: Net) -> burn::store::ModuleRecord {
    net.into_record()
}

/// The record type re-exported under the crate's own name.
pub use crate::model::NetRecord as SavedNet;

/// The record type inside a macro's tokens.
pub fn record_type() -> String {
    format!("{}", std::any::type_name::<burn::store::ModuleRecord>())
}

/// The record built field by field: a struct expression of the derived type.
pub fn by_hand(net: Net) -> burn::store::ModuleRecord {
    model::NetRecord { fc: net.fc.into_record() }
}
