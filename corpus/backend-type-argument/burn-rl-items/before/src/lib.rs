//! burn-rl's items lost their backend parameter in 0.22.1 (`SliceAccess<B>` → `SliceAccess`,
//! `Policy<B>` → `Policy`): their arguments go as burn's own types' do, and the new required
//! method of `Policy` (`to_device`) is a finding at the impl.
use burn::prelude::*;
use burn::rl::{Policy, PolicyState, SliceAccess};

/// An observation batch the transition buffer stores.
#[derive(Clone)]
pub struct Observation<B: Backend> {
    pub features: Tensor<B, 2>,
}

impl<B: Backend> SliceAccess<B> for Observation<B> {
    fn zeros_like(sample: &Self, capacity: usize, device: &B::Device) -> Self {
        let [_, width] = sample.features.dims();
        Observation { features: Tensor::zeros([capacity, width], device) }
    }

    fn select(self, dim: usize, indices: Tensor<B, 1, Int>) -> Self {
        Observation { features: self.features.select(dim, indices) }
    }

    fn slice_assign_inplace(&mut self, index: usize, value: Self) {
        self.features.inplace(|t| t.slice_assign(index..index + 1, value.features));
    }
}

/// A policy without parameters: it always picks action 0.
#[derive(Clone)]
pub struct Fixed;

#[derive(Clone)]
pub struct NoState;

impl<B: Backend> PolicyState<B> for NoState {
    type Record = ();

    fn into_record(self) -> Self::Record {}

    fn load_record(&self, _record: Self::Record) -> Self {
        NoState
    }
}

impl<B: Backend> Policy<B> for Fixed {
    type Observation = Observation<B>;
    type ActionDistribution = Tensor<B, 2>;
    type Action = usize;
    type ActionContext = ();
    type PolicyState = NoState;

    fn forward(&mut self, obs: Self::Observation) -> Self::ActionDistribution {
        obs.features
    }

    fn action(&mut self, _obs: Self::Observation, _deterministic: bool) -> (Self::Action, Vec<Self::ActionContext>) {
        (0, vec![()])
    }

    fn update(&mut self, _update: Self::PolicyState) {}

    fn state(&self) -> Self::PolicyState {
        NoState
    }

    fn load_record(self, _record: <Self::PolicyState as PolicyState<B>>::Record) -> Self {
        self
    }
}

/// Generic over the buffer's items: the bound loses its argument too.
pub fn capacity_of<B: Backend, S: SliceAccess<B>>(sample: &S, device: &B::Device) -> S {
    S::zeros_like(sample, 8, device)
}
