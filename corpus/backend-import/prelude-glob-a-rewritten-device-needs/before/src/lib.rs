use burn::tensor::backend::AutodiffBackend;
use burn::backend::flex::FlexDevice;
use burn::prelude::*;

/// Nothing here names the prelude in 0.21; the 0.22.1 device does (`Device::flex()`).
pub fn device_name() -> String {
    let device = FlexDevice;
    format!("{device:?}")
}

pub mod child {
    use super::*;

    /// Takes `Device` through the parent's glob, as `use super::*` takes the parent's imports.
    pub fn device_name() -> String {
        let device = FlexDevice;
        format!("{device:?}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_a_device() {
        assert!(!super::device_name().is_empty());
        assert!(!super::child::device_name().is_empty());
    }
}
