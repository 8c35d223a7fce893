use burn::prelude::*;

/// A step that runs `N` times and keeps a state.
pub trait Step<B: Backend, const N: usize> {
    type State;
    fn run(&self, x: Tensor<B, 2>) -> Self::State;
}

pub fn drive<B: Backend, S, T: Step<B, 3, State = S>>(step: &T, x: Tensor<B, 2>) -> S {
    step.run(x)
}
