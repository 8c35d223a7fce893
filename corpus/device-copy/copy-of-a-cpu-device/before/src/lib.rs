use burn::backend::ndarray::NdArrayDevice;
use burn::backend::NdArray;
use burn::tensor::Tensor;

/// The CPU device (0.21's `NdArrayDevice` is `Copy`).
type Dev = NdArrayDevice;

pub struct Trained {
    pub weights: Tensor<NdArray, 1>,
    pub device: Dev,
}

impl Trained {
    /// Where the weights live: read out of `&self` by value.
    pub fn device(&self) -> Dev {
        self.device
    }

    pub fn same_place(&self, other: &NdArrayDevice) -> bool {
        self.device == *other
    }
}

pub fn finish(weights: Tensor<NdArray, 1>, device: &Dev) -> Trained {
    let copy = *device;
    let _ = copy;
    Trained { weights, device: *device }
}
