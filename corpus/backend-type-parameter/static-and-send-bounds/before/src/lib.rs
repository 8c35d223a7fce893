use std::sync::mpsc::Sender;

use burn::prelude::*;

pub struct Worker<B: Backend + Send> {
    pub device: B::Device,
    pub queue: Sender<Tensor<B, 1>>,
}

impl<B: Backend + Send + 'static> Worker<B> {
    pub fn push(&self, values: [f32; 3]) {
        let t = Tensor::<B, 1>::from_floats(values, &self.device);
        self.queue.send(t).unwrap();
    }
}

pub fn spawn<B: Backend + 'static>(device: B::Device, queue: Sender<Tensor<B, 1>>) -> Worker<B> {
    Worker { device, queue }
}
