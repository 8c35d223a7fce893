use std::any::TypeId;
use std::marker::PhantomData;

use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;
use burn::backend::Backend;

/// An erasable module: it loses its parameter everywhere.
#[derive(Module, Debug)]
pub struct Head {
    linear: Linear,
}

impl Head {
    pub fn new(device: &Device) -> Self {
        Self { linear: LinearConfig::new(2, 2).init(device) }
    }
}

/// Kept generic for a type-level use (`PhantomData<Option<B>>`): its tensors, its module field
/// and its device still take their 0.22.1 form.
pub struct Tagged<B: Backend> {
    pub marker: PhantomData<Option<B>>,
    pub values: Tensor<2>,
    pub head: Head,
}

impl<B: Backend> Tagged<B> {
    pub fn new(device: &Device) -> Self {
        Self {
            marker: PhantomData,
            values: Tensor::zeros([1, 2], device),
            head: Head::new(device),
        }
    }

    pub fn run(&self) -> Tensor<2> {
        self.head.linear.forward(self.values.clone())
    }
}

/// Kept for the backend as a value in its signature: the tensors still drop theirs.
pub fn with_backend<B: Backend>(backend: B, x: Tensor<1>, device: &Device) -> (B, TypeId, Tensor<1>) {
    (backend, TypeId::of::<B>(), x.sum().to_device(device))
}
