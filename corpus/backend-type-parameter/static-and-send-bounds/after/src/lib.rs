use std::sync::mpsc::Sender;

use burn::prelude::*;

pub struct Worker {
    pub device: Device,
    pub queue: Sender<Tensor<1>>,
}

impl Worker {
    pub fn push(&self, values: [f32; 3]) {
        let t = Tensor::<1>::from_floats(values, &self.device);
        self.queue.send(t).unwrap();
    }
}

pub fn spawn(device: Device, queue: Sender<Tensor<1>>) -> Worker {
    Worker { device, queue }
}
