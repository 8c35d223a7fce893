//! The search carries the backend in a phantom field: `PhantomData<fn() -> B>`.

use burn::tensor::{Device, Tensor};

use crate::strategy::{Fitness, Strategy};

pub struct Search<S: Strategy, F: Fitness<Tensor<2>>> {
    strategy: S,
    fitness: F,
}

impl<S: Strategy<Genome = Tensor<2>>, F: Fitness<Tensor<2>>> Search<S, F> {
    pub fn new(strategy: S, fitness: F) -> Self {
        Self { strategy, fitness }
    }

    pub fn step(&self, device: &Device) -> Tensor<1> {
        let genome = self.strategy.mutate(self.strategy.init(device));
        self.fitness.score(&genome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{Doubling, Total};
    use burn::tensor::Device;

    #[test]
    fn one_step_scores_the_mutated_genome() {
        let device: burn::tensor::Device = Device::flex();
        let search = Search::new(Doubling, Total);
        let score = search.step(&device);
        assert_eq!(score.into_data().try_to_vec::<f32>().unwrap(), vec![8.0]);
    }
}
