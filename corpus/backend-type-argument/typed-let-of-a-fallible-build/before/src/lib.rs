use burn::backend::{Flex, NdArray};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Probe<B: Backend> {
    linear: nn::Linear<B>,
}

fn build<B: Backend>(width: usize, device: &B::Device) -> Result<Probe<B>, String> {
    if width == 0 {
        return Err("width must be positive".into());
    }
    Ok(Probe { linear: nn::LinearConfig::new(width, 1).init(device) })
}

/// The `let`'s type chose the backend, and with it the device made in the argument: through
/// `?`, `.unwrap()` and `.expect(..)`, each is that backend's default device.
pub fn compare(width: usize) -> Result<(), String> {
    let reference: Probe<NdArray> = build(width, &Default::default())?;
    let candidate: Probe<Flex> = build(width, &Default::default()).unwrap();
    let again: Probe<Flex> = build(width, &Default::default()).expect("a second probe");
    let _ = (reference, candidate, again);
    Ok(())
}
