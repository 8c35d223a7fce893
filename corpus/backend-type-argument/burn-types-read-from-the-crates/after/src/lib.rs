//! Optimizer states and recurrent modules of burn's crates, named three ways: a named import,
//! a glob, and a path through an imported module.
use burn::nn::*;
use burn::optim;
use burn::optim::{AdamWState, AdaptiveMomentumState};
use burn::tensor::{Device, Tensor};

/// One parameter's saved optimizer moments.
pub struct Moments {
    pub state: AdamWState<2>,
}

impl Moments {
    pub fn new(time: usize, first: Tensor<2>, second: Tensor<2>) -> Self {
        Self { state: AdamWState::new(AdaptiveMomentumState::new(time, first, second)) }
    }

    pub fn time(&self) -> usize {
        self.state.momentum.time
    }
}

/// A recurrent encoder and the state it carries between calls.
pub struct Encoder {
    pub rnn: Rnn,
    pub last: Option<RnnState<2>>,
}

impl Encoder {
    pub fn new(device: &Device) -> Self {
        Self { rnn: RnnConfig::new(4, 8, true).init(device), last: None }
    }

    pub fn hidden(&self) -> Option<Tensor<2>> {
        self.last.as_ref().map(|s| s.hidden.clone())
    }
}

/// A per-tensor SGD state passed through untouched.
pub fn keep(state: Option<optim::SgdState<2>>) -> Option<optim::SgdState<2>> {
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::Device;

    #[test]
    fn moments_keep_their_time() {
        let device = Device::flex();
        let first = Tensor::<2>::zeros([2, 2], &device);
        let m = Moments::new(3, first.clone(), first);
        assert_eq!(m.time(), 3);
        let e = Encoder::new(&device);
        assert!(e.hidden().is_none());
        assert!(keep(None).is_none());
    }
}
