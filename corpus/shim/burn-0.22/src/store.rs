//! `burn::store` of 0.22.1: `ModuleRecord` (burnpack) is always there; the stores and
//! `ModuleSnapshot` come with the `store` feature (`safetensors`/`pytorch` imply it).
use std::path::Path;

#[derive(Debug)]
pub enum RecordError {
    Io(std::io::Error),
    Format(String),
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        unimplemented!()
    }
}
impl std::error::Error for RecordError {}

/// The record of a module's parameters, stored as burnpack (`.bpk`).
#[derive(Clone, Debug)]
pub struct ModuleRecord {
    _private: (),
}

impl ModuleRecord {
    pub fn load<P: AsRef<Path>>(path: P) -> Result<Self, RecordError> {
        unimplemented!()
    }
    pub fn save<P: AsRef<Path>>(&self, path: P) -> Result<(), RecordError> {
        unimplemented!()
    }
    pub fn allow_partial(self, allow: bool) -> Self {
        unimplemented!()
    }
    pub fn allow_unused(self, allow: bool) -> Self {
        unimplemented!()
    }
}

#[cfg(feature = "store")]
pub use stores::*;

#[cfg(feature = "store")]
mod stores {
    use std::path::PathBuf;

    use crate::module::Module;

    #[derive(Debug)]
    pub struct StoreError(pub String);

    /// What loading from a store applied.
    #[derive(Debug, Clone)]
    pub struct ApplyResult {
        pub applied: Vec<String>,
        pub missing: Vec<String>,
        pub unused: Vec<String>,
    }

    /// A source/sink of tensors by name.
    pub trait ModuleStore {}

    /// Renames tensors between frameworks.
    pub trait ModuleAdapter {}

    /// Adapts PyTorch parameter names/layouts to burn's.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct PyTorchToBurnAdapter;
    impl ModuleAdapter for PyTorchToBurnAdapter {}

    /// Adapts burn's parameter names/layouts to PyTorch's.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct BurnToPyTorchAdapter;
    impl ModuleAdapter for BurnToPyTorchAdapter {}

    /// Loading and saving any `Module` through a store (blanket impl).
    pub trait ModuleSnapshot: Module {
        fn load_from<S: ModuleStore>(&mut self, store: &mut S) -> Result<ApplyResult, StoreError> {
            unimplemented!()
        }
        fn save_into<S: ModuleStore>(&self, store: &mut S) -> Result<(), StoreError> {
            unimplemented!()
        }
    }
    impl<M: Module> ModuleSnapshot for M {}

    macro_rules! store {
        ($(#[$m:meta])* $name:ident) => {
            $(#[$m])*
            #[derive(Debug)]
            pub struct $name {
                path: Option<PathBuf>,
            }
            impl $name {
                pub fn from_file<P: Into<PathBuf>>(path: P) -> Self { unimplemented!() }
                pub fn from_bytes(bytes: Option<Vec<u8>>) -> Self { unimplemented!() }
                pub fn with_key_remapping(self, from: &str, to: &str) -> Self { unimplemented!() }
                pub fn with_from_adapter<A: ModuleAdapter>(self, adapter: A) -> Self { unimplemented!() }
                pub fn with_to_adapter<A: ModuleAdapter>(self, adapter: A) -> Self { unimplemented!() }
                pub fn allow_partial(self, allow: bool) -> Self { unimplemented!() }
                pub fn validate(self, validate: bool) -> Self { unimplemented!() }
            }
            impl ModuleStore for $name {}
        };
    }

    store!(
        /// burn's own format (`.bpk`).
        BurnpackStore);

    impl BurnpackStore {
        pub fn with_remap_pattern(self, from: &str, to: &str) -> Self {
            unimplemented!()
        }
    }

    #[cfg(feature = "safetensors")]
    store!(
        /// SafeTensors files (feature `safetensors`).
        SafetensorsStore);

    #[cfg(feature = "pytorch")]
    store!(
        /// PyTorch `.pt`/`.pth` files, read only (feature `pytorch`).
        PytorchStore);

    #[cfg(feature = "pytorch")]
    impl PytorchStore {
        pub fn with_top_level_key(self, key: &str) -> Self {
            unimplemented!()
        }
    }
}
