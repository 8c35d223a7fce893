use burn::prelude::*;

/// Runs routines on the devices it is given, with the backend its type names.
pub struct Executor {
    pub devices: Vec<Device>,
}

impl Executor {
    pub fn run(devices: impl IntoIterator<Item = Device>) -> Self {
        Self { devices: devices.into_iter().collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestDevice = Device;

    /// The executor's type made its devices autodiff in 0.21; the value itself is the inner
    /// backend's: in 0.22.1 it must be made autodiff where it feeds training code (asked).
    #[test]
    fn runs() {
        let e = Executor::run([Device::ndarray()]);
        assert_eq!(e.devices.len(), 1);
    }
}
