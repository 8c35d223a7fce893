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

pub fn train<B: Backend, D: MyDataset + 'static>(data: D, device: B::Device) -> Tensor<B, 1> {
    Tensor::zeros([data.len()], &device)
}

pub fn run<B: Backend>(device: B::Device) -> usize {
    let losses = train::<B, Digits>(Digits, device);
    losses.dims()[0]
}
