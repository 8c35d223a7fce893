use burn_store::SafetensorsStore;

// The weights were written with burn_store 0.21: a comment is no use of the crate.

/// Where the weights of the model live.
pub fn weights(path: &str) -> SafetensorsStore {
    SafetensorsStore::from_file(path)
}

/// A macro body names the crate: token trees are not rewritten, so the dependency stays.
macro_rules! store_of {
    ($path:expr) => {
        burn_store::SafetensorsStore::from_file($path)
    };
}

pub fn via_macro(path: &str) -> SafetensorsStore {
    store_of!(path)
}
