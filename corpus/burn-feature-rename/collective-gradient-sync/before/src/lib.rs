use burn::collective::{CollectiveError, PeerId, ReduceOperation};
use burn::optim::GradientsParams;
use burn::prelude::*;

/// Average one peer's gradients with the other peers' (0.21's collective feature).
pub fn average<B: Backend>(grads: GradientsParams, peer: PeerId) -> Result<GradientsParams, CollectiveError> {
    grads.all_reduce::<B>(peer, ReduceOperation::Mean)
}

pub fn peer(index: usize) -> PeerId {
    PeerId::from(index)
}
