//! The search carries the backend in a phantom field: `PhantomData<fn() -> B>`.
use std::marker::PhantomData;

use burn::tensor::{Tensor, backend::Backend};

use crate::strategy::{Fitness, Strategy};

pub struct Search<B: Backend, S: Strategy<B>, F: Fitness<B, Tensor<B, 2>>> {
    strategy: S,
    fitness: F,
    _backend: PhantomData<fn() -> B>,
}

impl<B: Backend, S: Strategy<B, Genome = Tensor<B, 2>>, F: Fitness<B, Tensor<B, 2>>> Search<B, S, F> {
    pub fn new(strategy: S, fitness: F) -> Self {
        Self { strategy, fitness, _backend: PhantomData }
    }

    pub fn step(&self, device: &B::Device) -> Tensor<B, 1> {
        let genome = self.strategy.mutate(self.strategy.init(device));
        self.fitness.score(&genome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{Doubling, Total};
    use burn::backend::Flex;

    #[test]
    fn one_step_scores_the_mutated_genome() {
        let device: burn::tensor::Device<Flex> = Default::default();
        let search = Search::<Flex, _, _>::new(Doubling, Total);
        let score = search.step(&device);
        assert_eq!(score.into_data().to_vec::<f32>().unwrap(), vec![8.0]);
    }
}
