use burn::prelude::*;

/// A device picked by name inside a macro's tokens: `burn::backend::cpu::CpuDevice::default()`
/// is a path there, not the unit value `CpuDevice` (which becomes `Device::flex()`): it was
/// rewritten segment-wise into `burn::backend::cpu::Device::flex()::default()`, which does not
/// parse. Tokens are reported, not rewritten.
#[macro_export]
macro_rules! with_device {
    ($name:expr, $device:ident, $body:expr) => {{
        match $name {
            "cpu" => {
                let $device = burn::backend::cpu::CpuDevice::default();
                $body
            }
            _ => {
                let $device = burn::backend::flex::FlexDevice;
                $body
            }
        }
    }};
}

pub fn len(t: Tensor<1>) -> usize {
    t.dims()[0]
}
