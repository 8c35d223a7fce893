use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub struct Tracker<B: Backend> {
    device: B::Device,
}

impl<B: Backend> Tracker<B> {
    pub fn new(device: B::Device) -> Self {
        Self { device }
    }

    pub fn zeros(&self) -> Tensor<B, 1> {
        Tensor::zeros([2], &self.device)
    }
}

pub struct Trainer<B: AutodiffBackend> {
    device: B::Device,
    /// Its type kept the tracker off the graph; it is built on the training device below.
    tracker: Option<Tracker<B::InnerBackend>>,
}

impl<B: AutodiffBackend> Trainer<B> {
    pub fn new(device: B::Device) -> Self {
        let tracker_device = device.clone();
        Self { tracker: Some(Tracker::new(tracker_device)), device }
    }
}
