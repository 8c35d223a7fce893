use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Probe {
    linear: nn::Linear,
}

fn build(width: usize, device: &Device) -> Result<Probe, String> {
    if width == 0 {
        return Err("width must be positive".into());
    }
    Ok(Probe { linear: nn::LinearConfig::new(width, 1).init(device) })
}

/// The `let`'s type chose the backend, and with it the device made in the argument: through
/// `?`, `.unwrap()` and `.expect(..)`, each is that backend's default device.
pub fn compare(width: usize) -> Result<(), String> {
    let reference: Probe = build(width, &Device::ndarray())?;
    let candidate: Probe = build(width, &Device::flex()).unwrap();
    let again: Probe = build(width, &Device::flex()).expect("a second probe");
    let _ = (reference, candidate, again);
    Ok(())
}
