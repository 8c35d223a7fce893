use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// The loss is computed once; each iteration calls `backward` on its consumed tape (the finding).
pub fn twice<B: AutodiffBackend>(w: Tensor<B, 1>) {
    let loss = (w.clone() * w.clone()).sum();
    for _ in 0..2 {
        let _grads = loss.backward();
    }
}

/// Near miss: recomputed in the loop.
pub fn recomputed<B: AutodiffBackend>(w: Tensor<B, 1>) {
    for _ in 0..2 {
        let loss = (w.clone() * w.clone()).sum();
        let _grads = loss.backward();
    }
}
