use std::any::TypeId;
use std::marker::PhantomData;

use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

/// An erasable module: it loses its parameter everywhere.
#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    linear: Linear<B>,
}

impl<B: Backend> Head<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { linear: LinearConfig::new(2, 2).init(device) }
    }
}

/// Kept generic for a type-level use (`PhantomData<Option<B>>`): its tensors, its module field
/// and its device still take their 0.22.1 form.
pub struct Tagged<B: Backend> {
    pub marker: PhantomData<Option<B>>,
    pub values: Tensor<B, 2>,
    pub head: Head<B>,
}

impl<B: Backend> Tagged<B> {
    pub fn new(device: &B::Device) -> Self {
        Self {
            marker: PhantomData,
            values: Tensor::zeros([1, 2], device),
            head: Head::new(device),
        }
    }

    pub fn run(&self) -> Tensor<B, 2> {
        self.head.linear.forward(self.values.clone())
    }
}

/// Kept for the backend as a value in its signature: the tensors still drop theirs.
pub fn with_backend<B: Backend>(backend: B, x: Tensor<B, 1>, device: &B::Device) -> (B, TypeId, Tensor<B, 1>) {
    (backend, TypeId::of::<B>(), x.sum().to_device(device))
}
