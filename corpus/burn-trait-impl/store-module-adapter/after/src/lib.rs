use burn_store::{ModuleAdapter, SafetensorsStore, TensorSnapshot};

/// Renames `gamma` to `weight` on the way in.
#[derive(Clone)]
pub struct RenameGamma;

impl ModuleAdapter for RenameGamma {
    fn adapt(&self, snapshot: &TensorSnapshot) -> TensorSnapshot {
        snapshot.clone()
    }

    fn get_alternative_param_name(&self, param_name: &str, _container_type: &str) -> Option<String> {
        (param_name == "gamma").then(|| "weight".to_string())
    }

    fn clone_box(&self) -> Box<dyn ModuleAdapter> {
        Box::new(self.clone())
    }
}

pub fn store(path: &str) -> SafetensorsStore {
    SafetensorsStore::from_file(path).with_from_adapter(RenameGamma)
}
