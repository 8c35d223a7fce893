use burn::prelude::*;

pub trait MyDataset {
    fn len(&self) -> usize;
}

pub struct Digits;

impl MyDataset for Digits {
    fn len(&self) -> usize {
        10
    }
}

pub fn train<D: MyDataset + 'static>(data: D, device: Device) -> Tensor<1> {
    Tensor::zeros([data.len()], &device)
}

pub fn run(device: Device) -> usize {
    let losses = train::<Digits>(Digits, device);
    losses.dims()[0]
}
