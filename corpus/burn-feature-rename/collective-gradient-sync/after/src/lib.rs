use burn::collective::{CollectiveError, PeerId, ReduceOperation};
use burn::optim::GradientsParams;

/// Average one peer's gradients with the other peers' (0.21's collective feature).
pub fn average(grads: GradientsParams, peer: PeerId) -> Result<GradientsParams, CollectiveError> {
    grads.all_reduce(peer, ReduceOperation::Mean)
}

pub fn peer(index: usize) -> PeerId {
    PeerId::from(index)
}
