use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn_store::{ModuleSnapshot, ModuleStore, PytorchStore};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

/// The parameter paths of a module, as `collect()` hands them out (no `TensorSnapshot` named).
pub fn paths(net: &Net) -> Vec<String> {
    net.collect(None, None, false).into_iter().map(|s| s.full_path()).collect()
}

/// A parameter's values: 0.21's `TensorSnapshot::to_data()` was a `Result` (reading 42, airglow's
/// spot checks); `burn_pack::Tensor` has no such method.
pub fn first_values(net: &Net) -> usize {
    let snapshots = net.collect(None, None, false);
    let data = snapshots[0].to_data().expect("a loaded parameter");
    data.num_elements()
}

/// The shape a PyTorch checkpoint stores under `name`.
pub fn stored_shape(path: &str, name: &str) -> Option<Vec<usize>> {
    let mut store = PytorchStore::from_file(path);
    let snapshot = store.get_snapshot(name).ok()??;
    Some(snapshot.shape.iter().copied().collect())
}
