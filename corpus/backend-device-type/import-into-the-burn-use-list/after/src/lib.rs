//! `Device` comes into the project's own `use burn::{..}` list, as a person would write it,
//! where 0.21's backend trait import was (backend-import drops that in the next round).
pub mod layered;
pub mod nested;
pub mod wrapped;

use burn::{nn::{Linear, LinearConfig}, tensor::Device};

pub fn width(device: &Device) -> usize {
    let layer: Linear = LinearConfig::new(2, 3).init(device);
    layer.weight.dims()[1]
}
