use burn::nn::{Linear, LinearConfig, LinearLayout};
use burn::prelude::*;
use burn_store::{ModuleSnapshot, PytorchStore};

/// A Col-layout layer in a crate that loads PyTorch weights: the finding.
pub fn load_col(device: &Device) -> Linear {
    let mut model = LinearConfig::new(3, 4).with_layout(LinearLayout::Col).init(device);
    let mut store = PytorchStore::from_file("model.pt");
    model.load_from(&mut store).expect("loaded");
    model
}

/// Near miss: the default Row layout.
pub fn load_row(device: &Device) -> Linear {
    let mut model = LinearConfig::new(3, 4).with_layout(LinearLayout::Row).init(device);
    let mut store = PytorchStore::from_file("model.pt");
    model.load_from(&mut store).expect("loaded");
    model
}
