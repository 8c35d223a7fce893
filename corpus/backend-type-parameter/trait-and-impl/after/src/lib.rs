use burn::prelude::*;

pub trait Scorer {
    fn score(&self, x: Tensor<2>) -> Tensor<1>;
}

pub struct MeanScorer;

impl Scorer for MeanScorer {
    fn score(&self, x: Tensor<2>) -> Tensor<1> {
        x.mean_dim(1).flatten(0, 1)
    }
}

pub fn best<S: Scorer>(scorer: &S, x: Tensor<2>) -> Tensor<1, Int> {
    scorer.score(x).argmax(0)
}
