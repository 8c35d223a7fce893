//! Optimizer states and recurrent modules of burn's crates, named three ways: a named import,
//! a glob, and a path through an imported module.
use burn::nn::*;
use burn::optim;
use burn::optim::{AdamWState, AdaptiveMomentumState};
use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

/// One parameter's saved optimizer moments.
pub struct Moments<B: Backend> {
    pub state: AdamWState<B, 2>,
}

impl<B: Backend> Moments<B> {
    pub fn new(time: usize, first: Tensor<B, 2>, second: Tensor<B, 2>) -> Self {
        Self { state: AdamWState::new(AdaptiveMomentumState::new(time, first, second)) }
    }

    pub fn time(&self) -> usize {
        self.state.momentum.time
    }
}

/// A recurrent encoder and the state it carries between calls.
pub struct Encoder<B: Backend> {
    pub rnn: Rnn<B>,
    pub last: Option<RnnState<B, 2>>,
}

impl<B: Backend> Encoder<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { rnn: RnnConfig::new(4, 8, true).init(device), last: None }
    }

    pub fn hidden(&self) -> Option<Tensor<B, 2>> {
        self.last.as_ref().map(|s| s.hidden.clone())
    }
}

/// A per-tensor SGD state passed through untouched.
pub fn keep<B: Backend>(state: Option<optim::SgdState<B, 2>>) -> Option<optim::SgdState<B, 2>> {
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::Flex;

    #[test]
    fn moments_keep_their_time() {
        let device = Default::default();
        let first = Tensor::<Flex, 2>::zeros([2, 2], &device);
        let m = Moments::<Flex>::new(3, first.clone(), first);
        assert_eq!(m.time(), 3);
        let e = Encoder::<Flex>::new(&device);
        assert!(e.hidden().is_none());
        assert!(keep::<Flex>(None).is_none());
    }
}
