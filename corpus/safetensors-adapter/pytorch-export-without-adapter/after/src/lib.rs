use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn_store::{ModuleSnapshot, PyTorchToBurnAdapter, SafetensorsStore};

/// A weights file exported from PyTorch, loaded with no adapter: the finding.
pub fn load_torch(device: &Device) -> Linear {
    let mut model = LinearConfig::new(3, 4).init(device);
    let mut store = SafetensorsStore::from_file("model.safetensors");
    model.load_from(&mut store).expect("loaded");
    model
}

/// Near miss: the adapter is there.
pub fn load_torch_adapted(device: &Device) -> Linear {
    let mut model = LinearConfig::new(3, 4).init(device);
    let mut store = SafetensorsStore::from_file("model.safetensors").with_from_adapter(PyTorchToBurnAdapter);
    model.load_from(&mut store).expect("loaded");
    model
}
