use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn_store::{ModuleSnapshot, SafetensorsStore};

const WIDTH: usize = 64;

/// A square layer from a PyTorch export without the adapter: no error, a transposed weight.
pub fn load_square(device: &Device) -> Linear {
    let mut model = LinearConfig::new(WIDTH, WIDTH).init(device);
    let mut store = SafetensorsStore::from_file("square.safetensors");
    model.load_from(&mut store).expect("loaded");
    model
}
