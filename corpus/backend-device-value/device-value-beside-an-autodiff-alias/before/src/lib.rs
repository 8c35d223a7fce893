use burn::prelude::*;

/// Runs routines on the devices it is given, with the backend its type names.
pub struct Executor<B: Backend> {
    pub devices: Vec<B::Device>,
}

impl<B: Backend> Executor<B> {
    pub fn run(devices: impl IntoIterator<Item = B::Device>) -> Self {
        Self { devices: devices.into_iter().collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::{Autodiff, NdArray};
    use burn::tensor::backend::BackendTypes;

    type TestBackend = Autodiff<NdArray<f32>>;
    type TestDevice = <NdArray<f32> as BackendTypes>::Device;

    /// The executor's type made its devices autodiff in 0.21; the value itself is the inner
    /// backend's: in 0.22.1 it must be made autodiff where it feeds training code (asked).
    #[test]
    fn runs() {
        let e = Executor::<TestBackend>::run([TestDevice::default()]);
        assert_eq!(e.devices.len(), 1);
    }
}
