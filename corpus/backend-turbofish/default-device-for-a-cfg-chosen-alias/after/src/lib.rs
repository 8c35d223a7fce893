use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

/// The backend a feature picks: two definitions, one per build.
#[cfg(feature = "flex")]
pub type InferBackend = burn::backend::Flex;
#[cfg(all(not(feature = "flex"), feature = "wgpu"))]
pub type InferBackend = burn::backend::Wgpu;

#[derive(Module, Debug)]
pub struct Net {
    pub fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 2).init(device) }
    }
}

/// The return type is asked first; the device is made in the call below it, with
/// `Default::default()`: its own question, not one that follows the first.
pub fn build() -> Net {
    let net = Net::new(&Default::default());
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_for_training() {
        // typed by the call below: a Flex device in one build, a wgpu one in the other
        let device = Default::default();
        let net = Net::new(&device);
        assert_eq!(net.fc.weight.dims(), [2, 2]);
    }
}
