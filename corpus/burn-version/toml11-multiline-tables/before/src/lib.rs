use burn::backend::ndarray::NdArrayDevice;

/// The CPU device this crate runs on.
pub fn device() -> NdArrayDevice {
    NdArrayDevice::Cpu
}

#[cfg(test)]
mod tests {
    use burn::backend::Autodiff;

    #[test]
    fn autodiff_over_the_cpu_backend_builds() {
        let _ = core::any::type_name::<Autodiff<burn::backend::NdArray>>();
    }
}
