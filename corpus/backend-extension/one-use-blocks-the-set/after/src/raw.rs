//! One item of the set needs the backend itself: it hands a genome to backend primitives.
use std::marker::PhantomData;

use burn::tensor::Tensor;

use crate::strategy::{Fitness, Strategy};
use burn::backend::Backend;

pub struct Raw<B: Backend, S: Strategy<B>, F: Fitness<B, Tensor<B, 2>>> {
    strategy: S,
    fitness: F,
    _backend: PhantomData<fn() -> B>,
}

impl<B: Backend, S: Strategy<B, Genome = Tensor<B, 2>>, F: Fitness<B, Tensor<B, 2>>> Raw<B, S, F> {
    pub fn primitive(&self, device: &B::Device) -> B::FloatTensorPrimitive {
        self.strategy.init(device).into_primitive().tensor()
    }

    pub fn score(&self, device: &B::Device) -> Tensor<B, 1> {
        self.fitness.score(&self.strategy.init(device))
    }
}
