use burn_store::{ModuleSnapshot, SafetensorsStore};

/// Where the weights of the model live.
pub fn weights(path: &str) -> SafetensorsStore {
    burn_store::SafetensorsStore::from_file(path)
}

pub fn keep<B: burn::tensor::backend::Backend, M: ModuleSnapshot<B>>(_model: &M) {}
