use crate::model::{ModelConfig, Scorer};
use burn::tensor::Device;

fn config() -> ModelConfig {
    ModelConfig { hidden: 4 }
}

/// Each `&Default::default()` is a device of its own, made for the type's backend (the impl
/// that says which argument is the device is in another file).
pub fn build_twice() -> bool {
    let rejected = Scorer::new(ModelConfig { hidden: 0 }, &Device::flex()).is_err();
    let _kept = Scorer::new(config(), &Device::flex()).unwrap();
    rejected
}

/// `Autodiff<Flex>` chooses one backend, autodiff: `Flex` inside it is no second one.
pub fn build_for_training() {
    let _model = Scorer::new(config(), &Device::flex().autodiff()).unwrap();
}

/// f64 floats are the device's to configure: each place is asked, neither follows the other.
pub fn build_in_f64_on_ndarray() {
    let _a = Scorer::new(config(), &Default::default()).unwrap();
    let _b = Scorer::new(config(), &Default::default()).unwrap();
}
