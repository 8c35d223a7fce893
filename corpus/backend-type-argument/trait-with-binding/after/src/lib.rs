use burn::prelude::*;

/// A step that runs `N` times and keeps a state.
pub trait Step<const N: usize> {
    type State;
    fn run(&self, x: Tensor<2>) -> Self::State;
}

pub fn drive<S, T: Step<3, State = S>>(step: &T, x: Tensor<2>) -> S {
    step.run(x)
}
