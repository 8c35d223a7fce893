//! A library generic over the backend only to carry it: associated tensor types and bounds.
use burn::tensor::Tensor;
use burn::backend::Backend;

pub trait Fitness<B: Backend, G> {
    fn score(&self, genome: &G) -> Tensor<B, 1>;
}

pub trait Strategy<B: Backend> {
    type Genome;
    fn init(&self, device: &B::Device) -> Self::Genome;
    fn mutate(&self, genome: Self::Genome) -> Self::Genome;
}

pub struct Doubling;

impl<B: Backend> Strategy<B> for Doubling {
    type Genome = Tensor<B, 2>;
    fn init(&self, device: &B::Device) -> Tensor<B, 2> {
        Tensor::ones([2, 2], device)
    }
    fn mutate(&self, genome: Tensor<B, 2>) -> Tensor<B, 2> {
        genome.clone() + genome
    }
}

pub struct Total;

impl<B: Backend> Fitness<B, Tensor<B, 2>> for Total {
    fn score(&self, genome: &Tensor<B, 2>) -> Tensor<B, 1> {
        genome.clone().sum()
    }
}
