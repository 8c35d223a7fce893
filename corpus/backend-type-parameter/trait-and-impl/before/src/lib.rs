use burn::prelude::*;

pub trait Scorer<B: Backend> {
    fn score(&self, x: Tensor<B, 2>) -> Tensor<B, 1>;
}

pub struct MeanScorer;

impl<B: Backend> Scorer<B> for MeanScorer {
    fn score(&self, x: Tensor<B, 2>) -> Tensor<B, 1> {
        x.mean_dim(1).flatten(0, 1)
    }
}

pub fn best<B: Backend, S: Scorer<B>>(scorer: &S, x: Tensor<B, 2>) -> Tensor<B, 1, Int> {
    scorer.score(x).argmax(0)
}
