use burn::tensor::{Device, Tensor};

/// The CPU device (0.21's `NdArrayDevice` is `Copy`).
type Dev = Device;

pub struct Trained {
    pub weights: Tensor<1>,
    pub device: Dev,
}

impl Trained {
    /// Where the weights live: read out of `&self` by value.
    pub fn device(&self) -> Dev {
        self.device.clone()
    }

    pub fn same_place(&self, other: &Device) -> bool {
        self.device == *other
    }
}

pub fn finish(weights: Tensor<1>, device: &Dev) -> Trained {
    let copy = device.clone();
    let _ = copy;
    Trained { weights, device: device.clone() }
}
