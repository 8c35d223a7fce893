pub mod model;

use burn::module::Module;
use burn::prelude::Backend;

use crate::model::{Net, NetRecord};

/// The record type `#[derive(Module)]` generated, imported and named in a signature.
pub fn restore<B: Backend>(net: Net<B>, record: NetRecord<B>) -> Net<B> {
    net.load_record(record)
}

/// The record type named in code, not in a `use`.
pub fn snapshot<B: Backend>(net: Net<B>) -> model::NetRecord<B> {
    net.into_record()
}

/// The record type re-exported under the crate's own name.
pub use crate::model::NetRecord as SavedNet;

/// The record type inside a macro's tokens.
pub fn record_type<B: Backend>() -> String {
    format!("{}", std::any::type_name::<NetRecord<B>>())
}

/// The record built field by field: a struct expression of the derived type.
pub fn by_hand<B: Backend>(net: Net<B>) -> model::NetRecord<B> {
    model::NetRecord { fc: net.fc.into_record() }
}
