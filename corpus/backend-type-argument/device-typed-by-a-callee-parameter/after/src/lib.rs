use burn::tensor::{Device, Tensor};

/// Its parameter's type chose the device its callers make by inference.
fn ones_on(n: usize, device: &Device) -> Tensor<1> {
    Tensor::ones([n], device)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;
    /// `Default::default()` took `CpuBackend` from `ones_on`'s parameter: it becomes
    /// `Device::flex()` (a plain `Device::default()` would pick a GPU where one is enabled).
    #[test]
    fn three() {
        let device = Device::flex();
        assert_eq!(super::ones_on(3, &device).dims(), [3]);
    }
}
