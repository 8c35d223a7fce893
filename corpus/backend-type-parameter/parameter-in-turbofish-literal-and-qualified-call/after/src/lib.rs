use burn::prelude::*;

pub struct Worker {
    pub n: usize,
}

/// A struct literal that names the backend by turbofish: its marker initialiser goes with the field.
pub fn make() -> Worker {
    Worker { n: 1 }
}

/// A backend method called through a qualified path.
pub fn seed_it(device: &Device) {
    device.seed(7);
}
