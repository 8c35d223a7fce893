//! A model whose PyTorch weights reader is optional (feature `pt`).

#[cfg(feature = "pt")]
use burn_store::PytorchStore;

/// Where the exported PyTorch weights are read from.
#[cfg(feature = "pt")]
pub fn weights(path: &str) -> PytorchStore {
    PytorchStore::from_file(path)
}

/// The crate still builds without the reader.
pub fn has_reader() -> bool {
    cfg!(feature = "pt")
}
