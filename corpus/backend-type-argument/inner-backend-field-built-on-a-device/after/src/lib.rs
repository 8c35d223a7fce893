use burn::prelude::*;

pub struct Tracker {
    device: Device,
}

impl Tracker {
    pub fn new(device: Device) -> Self {
        Self { device }
    }

    pub fn zeros(&self) -> Tensor<1> {
        Tensor::zeros([2], &self.device)
    }
}

pub struct Trainer {
    device: Device,
    /// Its type kept the tracker off the graph; it is built on the training device below.
    tracker: Option<Tracker>,
}

impl Trainer {
    pub fn new(device: Device) -> Self {
        let tracker_device = device.clone();
        Self { tracker: Some(Tracker::new(tracker_device)), device }
    }
}
