use burn::tensor::{Device, Int, Tensor};

pub mod report;

/// The integers `0..n`, read back as NdArray's `i64`.
pub fn indices(n: i64, device: &Device) -> Vec<i64> {
    Tensor::<1, Int>::arange(0..n, device).into_data().try_to_vec::<i64>().unwrap()
}

/// Where the crate's inference runs: its derived default is NdArray's device.
#[derive(Default)]
pub struct Placement {
    pub device: Device,
}
