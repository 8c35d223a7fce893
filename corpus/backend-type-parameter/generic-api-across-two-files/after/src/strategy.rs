//! A library generic over the backend only to carry it: associated tensor types and bounds.
use burn::tensor::{Device, Tensor};

pub trait Fitness<G> {
    fn score(&self, genome: &G) -> Tensor<1>;
}

pub trait Strategy {
    type Genome;
    fn init(&self, device: &Device) -> Self::Genome;
    fn mutate(&self, genome: Self::Genome) -> Self::Genome;
}

pub struct Doubling;

impl Strategy for Doubling {
    type Genome = Tensor<2>;
    fn init(&self, device: &Device) -> Tensor<2> {
        Tensor::ones([2, 2], device)
    }
    fn mutate(&self, genome: Tensor<2>) -> Tensor<2> {
        genome.clone() + genome
    }
}

pub struct Total;

impl Fitness<Tensor<2>> for Total {
    fn score(&self, genome: &Tensor<2>) -> Tensor<1> {
        genome.clone().sum()
    }
}
