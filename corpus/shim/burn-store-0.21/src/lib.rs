//! Type-level shim of burn-store 0.21: the file stores (bodies `unimplemented!()`).
#![allow(dead_code, unused_variables)]
use std::path::PathBuf;

macro_rules! store {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Debug)]
        pub struct $name {
            path: Option<PathBuf>,
        }
        impl $name {
            pub fn from_file<P: Into<PathBuf>>(path: P) -> Self { unimplemented!() }
            pub fn with_key_remapping(self, from: &str, to: &str) -> Self { unimplemented!() }
            pub fn allow_partial(self, allow: bool) -> Self { unimplemented!() }
        }
    };
}

#[cfg(feature = "safetensors")]
store!(
    /// SafeTensors files.
    SafetensorsStore);
#[cfg(feature = "pytorch")]
store!(
    /// PyTorch files (read only).
    PytorchStore);
#[cfg(feature = "burnpack")]
store!(
    /// burn's own format.
    BurnpackStore);

/// Saving and loading a module's tensors through a store.
pub trait ModuleSnapshot {}
